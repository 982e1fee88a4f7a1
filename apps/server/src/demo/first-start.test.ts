import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/database.ts';
import { ingestJob } from '../db/schema/index.ts';
import { segmentSeconds } from '../media/ladder.ts';
import { seedIfEmpty } from './first-start.ts';

const lengths = sql<{ seconds: number }>`SELECT duration_seconds AS seconds FROM video
  UNION ALL SELECT duration_seconds AS seconds FROM radio`;

describe('the demo at a first start', () => {
  it('with demo media: every item a whole number of segments long, and a job for each', async () => {
    const database = await testDatabase('pglite', 'migrated');
    try {
      const start = await seedIfEmpty(database.db, { timeZone: 'Europe/Moscow', demoMedia: true });
      expect(start.written).toBe(true);
      const rows = (await database.db.execute<{ seconds: number }>(lengths)).rows;
      expect(rows.length).toBeGreaterThan(100);
      expect(rows.filter((row) => row.seconds % segmentSeconds !== 0 || row.seconds <= 0)).toEqual([]);
      expect(start.queued).toBe(rows.length);
      expect(await database.db.$count(ingestJob)).toBe(rows.length);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('without: the lengths as written, nothing queued', async () => {
    const database = await testDatabase('pglite', 'migrated');
    try {
      const start = await seedIfEmpty(database.db, { timeZone: 'Europe/Moscow', demoMedia: false });
      expect(start).toEqual({ written: true, queued: 0 });
      const rows = (await database.db.execute<{ seconds: number }>(lengths)).rows;
      expect(rows.some((row) => row.seconds % segmentSeconds !== 0)).toBe(true);
    } finally {
      await database.close();
    }
  }, 60_000);
});
