import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { type Database, type Db, openPglite, openPostgres } from '../src/db/database.ts';
import { adminUrl, databaseUrl } from './postgres.ts';

export type Backend = 'pglite' | 'postgres';

/** Whether TEST_DATABASE_URL names a PostgreSQL for the tests. */
export const postgresAvailable = inject('postgresTemplates') !== null;

/**
 * Declares `body`'s tests once on each backend: PGlite, and PostgreSQL, whose half is skipped by
 * name (counted, listed as skipped) when TEST_DATABASE_URL is unset.
 */
export function describeOnBackends(name: string, body: (backend: Backend) => void): void {
  for (const backend of ['pglite', 'postgres'] as const) {
    describe.skipIf(backend === 'postgres' && !postgresAvailable)(`${name} on ${backend}`, () => {
      body(backend);
    });
  }
}

/** A new database's name, of this run's copies (which its end drops, should a file not). */
export function copyName(): string {
  const templates = inject('postgresTemplates');
  if (templates === null) throw new Error('PostgreSQL tests need TEST_DATABASE_URL');
  return `${templates.copies}${randomBytes(6).toString('hex')}`;
}

/** A fresh database of its own for a test file: migrated, and with the demo content if `seeded`. */
export async function testDatabase(backend: Backend, content: 'migrated' | 'seeded'): Promise<Database> {
  if (backend === 'pglite') {
    const tarball = readFileSync(inject('pgliteTemplates')[content]);
    return openPglite(undefined, new Blob([tarball]));
  }
  const templates = inject('postgresTemplates');
  const admin = adminUrl();
  if (templates === null || admin === undefined) throw new Error('PostgreSQL tests need TEST_DATABASE_URL');
  const name = copyName();
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${templates[content]}`);
  } finally {
    await client.end();
  }
  const database = await openPostgres(databaseUrl(admin, name));
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: admin });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** A database of its own for the tests around the call (a file or a describe block): opened
 * before them, closed after them; its `db` is there from the first test on. */
export function useTestDatabase(backend: Backend, content: 'migrated' | 'seeded'): { readonly db: Db } {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await testDatabase(backend, content);
  });
  afterAll(async () => {
    await database?.close();
  });
  return {
    get db() {
      if (database === undefined) throw new Error('the test database is opened before the tests');
      return database.db;
    },
  };
}
