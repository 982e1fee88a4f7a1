// The ingest queue on every backend, its worker, and the admin calls the CLI uses.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { inProcessBus } from '../src/bus/bus.ts';
import type { Database } from '../src/db/database.ts';
import { video } from '../src/db/schema/video.ts';
import { IngestWorker, runIngestJob } from '../src/jobs/ingest-worker.ts';
import { locateMediaTools, type MediaTools } from '../src/media/ffmpeg.ts';
import {
  claimIngest,
  enqueueIngest,
  failIngest,
  findIngest,
  maxAttempts,
  retryIngest,
} from '../src/repositories/ingest-jobs.ts';
import { findVideo } from '../src/repositories/videos.ts';
import { backends, testDatabase } from './database.ts';
import { makeClip } from './media-fixtures.ts';
import { testTimeZone } from './postgres.ts';

const work = mkdtempSync(join(tmpdir(), 'efir-jobs-test-'));
let tools: MediaTools;
beforeAll(async () => {
  tools = await locateMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
  makeClip(tools.ffmpeg, join(work, 'clip.mp4'), { seconds: 3, size: '320x180' });
  writeFileSync(join(work, 'notes.mp4'), 'не видео');
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe.each(backends)('ingest queue on %s', (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase(backend, 'seeded');
  });
  afterAll(async () => {
    await database.close();
  });

  it('hands each job to one worker, oldest first', async () => {
    const a = await enqueueIngest(database.db, 'video', { file: '/a.mp4', name: 'A', categoryId: 1 });
    const b = await enqueueIngest(database.db, 'video', { file: '/b.mp4', name: 'B', categoryId: 1 });
    const claimed = await Promise.all([claimIngest(database.db), claimIngest(database.db), claimIngest(database.db)]);
    const ids = claimed.map((job) => job?.id).filter((id) => id !== undefined);
    expect(ids.sort()).toEqual([a.id, b.id].sort());
    expect(claimed.every((job) => job === undefined || (job.state === 'running' && job.attempts === 1))).toBe(true);
  });

  it('takes again a running job whose worker fell silent (a restart)', async () => {
    const job = await enqueueIngest(database.db, 'radio', { file: '/c.mp3', name: 'C', author: 'X', categoryId: 1 });
    await database.db.execute(sql`UPDATE ingest_job SET state = 'done' WHERE id <> ${job.id}`);
    const first = await claimIngest(database.db);
    expect(first?.id).toBe(job.id);
    expect(await claimIngest(database.db)).toBeUndefined();
    await database.db.execute(
      sql`UPDATE ingest_job SET heartbeat_at = now() - interval '2 minutes' WHERE id = ${job.id}`,
    );
    const again = await claimIngest(database.db);
    expect(again).toMatchObject({ id: job.id, attempts: 2 });
  });

  it('requeues a failure until the attempts are spent; a failed job can be retried', async () => {
    await database.db.execute(sql`UPDATE ingest_job SET state = 'done'`);
    await enqueueIngest(database.db, 'video', { file: '/d.mp4', name: 'D', categoryId: 1 });
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      const job = await claimIngest(database.db);
      expect(job?.attempts).toBe(attempt);
      await failIngest(database.db, job!, 'disk full', true);
    }
    const spent = (
      await database.db.execute<{ id: number; state: string }>(
        sql`SELECT id, state FROM ingest_job WHERE state <> 'done'`,
      )
    ).rows;
    expect(spent).toEqual([{ id: spent[0]!.id, state: 'failed' }]);
    expect(await claimIngest(database.db)).toBeUndefined();
    expect(await retryIngest(database.db, spent[0]!.id)).toBe(true);
    expect(await retryIngest(database.db, spent[0]!.id)).toBe(false);
    expect((await claimIngest(database.db))?.attempts).toBe(1);
  });
});

describe('runIngestJob', () => {
  let database: Database;
  let media: string;
  beforeAll(async () => {
    database = await testDatabase('pglite', 'seeded');
    media = join(work, 'media');
  });
  afterAll(async () => {
    await database.close();
  });
  const events = { done: [] as number[], errors: [] as unknown[] };
  const handlers = {
    onDone: (_job: unknown, id: number) => {
      events.done.push(id);
      return Promise.resolve();
    },
    onError: (error: unknown) => {
      events.errors.push(error);
    },
  };

  it('runs a job to a catalogue item and marks it done', async () => {
    const queued = await enqueueIngest(database.db, 'video', {
      file: join(work, 'clip.mp4'),
      name: 'Из очереди',
      categoryId: 3,
    });
    const job = await claimIngest(database.db);
    await runIngestJob({ db: database.db, tools, mediaDir: media, maxBytes: 1e9, maxSeconds: 600 }, job!, handlers);
    const done = await findIngest(database.db, queued.id);
    expect(done).toMatchObject({ state: 'done', progress: 1, error: null });
    expect((await findVideo(database.db, done!.resultId!))?.name).toBe('Из очереди');
    expect(events.done).toEqual([done!.resultId]);
  });

  it('fails a refused source at once with its reason, without retrying', async () => {
    const queued = await enqueueIngest(database.db, 'video', {
      file: join(work, 'notes.mp4'),
      name: 'Заметки',
      categoryId: 3,
    });
    const job = await claimIngest(database.db);
    await runIngestJob({ db: database.db, tools, mediaDir: media, maxBytes: 1e9, maxSeconds: 600 }, job!, handlers);
    expect(await findIngest(database.db, queued.id)).toMatchObject({
      state: 'failed',
      error: 'notes.mp4: not an audio or video file ffprobe can read',
    });
    expect(events.errors).toEqual([]);
  });
});

describe('IngestWorker', () => {
  it('stops the job under way when it stops, leaving nothing half-made and the job queued again', async () => {
    const database = await testDatabase('pglite', 'seeded');
    const media = join(work, 'media-stop');
    try {
      await database.db.execute(sql`UPDATE ingest_job SET state = 'done'`);
      const [row] = await database.db
        .insert(video)
        .values({ name: 'Долгий выпуск', durationSeconds: 600, categoryId: 1 })
        .returning({ id: video.id });
      const queued = await enqueueIngest(database.db, 'demo-video', { id: row!.id });
      const errors: unknown[] = [];
      const worker = new IngestWorker(
        { db: database.db, tools, mediaDir: media, maxBytes: 1e9, maxSeconds: 3600 },
        { onDone: () => Promise.resolve(), onError: (error) => errors.push(error) },
        50,
      );
      worker.start();
      // Ten minutes of video take far longer to make than this test waits: ffmpeg is at work.
      await expect
        .poll(async () => (await findIngest(database.db, queued.id))?.progress ?? 0, { timeout: 30_000 })
        .toBeGreaterThan(0);
      const stopping = Date.now();
      await worker.stop();
      expect(Date.now() - stopping).toBeLessThan(5000);
      expect(await findIngest(database.db, queued.id)).toMatchObject({ state: 'queued', attempts: 0, progress: 0 });
      expect(existsSync(join(media, '.incoming')) ? readdirSync(join(media, '.incoming')) : []).toEqual([]);
      expect((await findVideo(database.db, row!.id))?.masterPlaylist).toBe('');
      expect(errors).toEqual([]);
    } finally {
      await database.close();
    }
  }, 60_000);
});

describe('admin calls', () => {
  it('need the token, validate the request and queue the job', async () => {
    const database = await testDatabase('pglite', 'seeded');
    let queued = 0;
    const app = await buildApp({
      config: { timeZone: testTimeZone, logLevel: 'silent' },
      db: database.db,
      bus: inProcessBus(),
      logger: false,
      webDist: '/nonexistent',
      admin: { token: 'secret-token', onQueued: () => (queued += 1) },
    });
    const auth = { authorization: 'Bearer secret-token' };
    expect((await app.inject({ url: '/api/admin/jobs' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/admin/jobs', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(
      401,
    );
    const bad = await app.inject({
      method: 'POST',
      url: '/api/admin/jobs',
      headers: auth,
      payload: { kind: 'video', source: { file: 'relative.mp4', name: 'X', categoryId: 1 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: 'source.file must be an absolute path' });
    const missingName = await app.inject({
      method: 'POST',
      url: '/api/admin/jobs',
      headers: auth,
      payload: { kind: 'radio', source: { file: '/x.mp3', categoryId: 1 } },
    });
    expect(missingName.statusCode).toBe(400);
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/jobs',
      headers: auth,
      payload: { kind: 'video', source: { file: '/x.mp4', name: 'X', categoryId: 1 } },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ kind: 'video', name: 'X', state: 'queued' });
    expect(queued).toBe(1);
    const id = created.json<{ id: number }>().id;
    expect((await app.inject({ url: `/api/admin/jobs/${id}`, headers: auth })).json()).toMatchObject({ id });
    expect((await app.inject({ method: 'POST', url: `/api/admin/jobs/${id}/retry`, headers: auth })).statusCode).toBe(
      409,
    );
    expect((await app.inject({ url: '/api/admin/jobs/999999', headers: auth })).statusCode).toBe(404);
    await app.close();
    await database.close();
  });
});
