// Migrates (and seeds) one template database per backend before the tests run; every test file
// then starts from a copy, so the suite stays fast and the files never see each other's writes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/database.ts';
import { seedDemo } from '../src/demo/seed.ts';
import { dateIn } from '../src/lib/clock.ts';
import { adminUrl, databaseUrl, testTimeZone } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplates: { migrated: string; seeded: string };
    /** The templates, and the prefix of this run's copies (`copies`), which only it drops. */
    postgresTemplates: { migrated: string; seeded: string; copies: string } | null;
    seededToday: string;
  }
}

export default async function setup(project: TestProject) {
  const now = new Date();
  const today = dateIn(testTimeZone, now);
  const dir = mkdtempSync(join(tmpdir(), 'efir-test-'));

  const lite = await openPglite(undefined);
  const migrated = join(dir, 'migrated.tar.gz');
  writeFileSync(migrated, Buffer.from(await (await lite.dump?.())!.arrayBuffer()));
  await seedDemo(lite.db, { today, now });
  const seeded = join(dir, 'seeded.tar.gz');
  writeFileSync(seeded, Buffer.from(await (await lite.dump?.())!.arrayBuffer()));
  await lite.close();
  project.provide('pgliteTemplates', { migrated, seeded });
  project.provide('seededToday', today);

  const admin = adminUrl();
  let templates: { migrated: string; seeded: string; copies: string } | null = null;
  if (admin !== undefined) {
    const suffix = `${process.pid}_${Date.now()}`;
    templates = {
      migrated: `efir_tpl_migrated_${suffix}`,
      seeded: `efir_tpl_seeded_${suffix}`,
      copies: `efir_t_${suffix}_`,
    };
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    for (const name of [templates.migrated, templates.seeded]) {
      await client.query(
        `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_CTYPE 'C.UTF-8' LC_COLLATE 'C.UTF-8'`,
      );
    }
    await client.end();
    const plain = await openPostgres(databaseUrl(admin, templates.migrated));
    await plain.close();
    const full = await openPostgres(databaseUrl(admin, templates.seeded));
    await seedDemo(full.db, { today, now });
    await full.close();
  }
  project.provide('postgresTemplates', templates);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (admin !== undefined && templates !== null) {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      // This run's own: another run on the same server (a second checkout, a CI beside a
      // session) keeps its databases.
      const copies = await client.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE starts_with(datname, $1) OR datname = ANY($2)',
        [templates.copies, [templates.migrated, templates.seeded]],
      );
      for (const { datname } of copies.rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await client.end();
    }
  };
}
