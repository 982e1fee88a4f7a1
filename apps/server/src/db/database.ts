// Opens the database: PGlite in DATA_DIR (or in memory) by default, PostgreSQL with DATABASE_URL.
// Both run the same committed migrations at start.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DataDirLock, lockDataDir } from './data-dir-lock.ts';
import { PGlite } from '@electric-sql/pglite';
import { closeToOthers } from '../lib/private-data.ts';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { sessionSettings } from './session-settings.ts';

interface RowsOf<T> {
  rows: T[];
}

/** What both drivers answer to a raw query: the rows. */
interface RowsResultHKT extends PgQueryResultHKT {
  readonly type: RowsOf<this['row']>;
}

export type Db = PgDatabase<RowsResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, to start copies from. */
  dump?: () => Promise<Blob>;
  /** PGlite in a DATA_DIR only: the folder's lock, held until `close`. */
  dataDirLock?: DataDirLock;
  /** PostgreSQL only: its pool's connections now. */
  pool?: () => PoolState;
}

export class DatabaseError extends Error {}

/** A connection pool's connections idle and in use, and the calls waiting for one. */
export interface PoolState {
  idle: number;
  busy: number;
  waiting: number;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Serialises migrations when several nodes start at once on one PostgreSQL. */
const migrationLockKey = 7_204_113;

/**
 * The embedded database's page cache. PGlite zeroes it in WebAssembly at every start: PostgreSQL's
 * 128 MB default kept a restart 1 s longer off air (16 MB: 0.2 s) on a 2-core machine, and the
 * pages it does not hold are a file read away in the system's own cache.
 */
const pgliteSharedBuffers = '16MB';

/**
 * Embedded PGlite: persisted in `dir`, or in memory when `dir` is undefined; `from` starts it as a
 * copy of a dumped data directory (tests copy a migrated template this way).
 */
export async function openPglite(dir: string | undefined, from?: Blob): Promise<Database> {
  if (dir !== undefined) mkdirSync(dir, { recursive: true });
  // One process per embedded database: a second one is refused before it opens anything.
  const lock = dir === undefined ? undefined : await lockDataDir(dir);
  try {
    const client = await PGlite.create(dir === undefined ? undefined : join(dir, 'pglite'), {
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${pgliteSharedBuffers}`],
      ...(from === undefined ? {} : { loadDataDir: from }),
    });
    // PGlite unpacks a new database with its archive's modes (0666), past the process's umask.
    if (dir !== undefined) closeToOthers(join(dir, 'pglite'));
    for (const [name, value] of Object.entries(sessionSettings)) {
      await client.query('SELECT set_config($1, $2, false)', [name, value]);
    }
    const db = drizzlePglite({ client, schema, casing: 'snake_case' });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        await lock?.release();
      },
      dump: () => client.dumpDataDir('gzip'),
      ...(lock === undefined ? {} : { dataDirLock: lock }),
    };
  } catch (error) {
    await lock?.release();
    throw error;
  }
}

/**
 * A connection PostgreSQL has not completed in this long fails: a stopped or frozen server makes
 * calls answer 503 within seconds instead of hanging (a frozen server accepts TCP, then says nothing).
 */
const connectTimeoutMs = 2000;
/** The server cancels a statement that runs longer: no call of the site needs nearly as much. */
const statementTimeoutMs = 5000;
/** The client gives up a moment after the server would have cancelled: a frozen server never does. */
const queryTimeoutMs = statementTimeoutMs + 1000;

/** What node-postgres says when `query_timeout` ran out. */
const queryTimedOut = 'Query read timeout';

/**
 * Readies the pool for a database that freezes or goes away in the middle of a call. A connection
 * whose query timed out may still get that answer later, so it is closed at once (the ROLLBACK
 * that follows fails at once instead of waiting out a timeout of its own). A connection that dies
 * while held goes back to the pool there and then, and its holder's own release does nothing:
 * Drizzle never gives back a transaction's connection whose BEGIN failed, and ten of those would
 * leave the pool empty until a restart.
 */
function outlastOutages(pool: pg.Pool): void {
  const held = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => held.add(client));
  pool.on('release', (_error, client) => held.delete(client));
  pool.on('connect', (client) => {
    // Also keeps a held connection's death from being an unhandled 'error' event.
    client.on('error', (error) => {
      if (!held.has(client)) return;
      const release = client.release.bind(client);
      client.release = () => undefined;
      release(error);
    });
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const result = query(...args);
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          if (error instanceof Error && error.message === queryTimedOut) {
            // node-postgres keeps its socket to itself; its pool closes a connection this way too.
            (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
          }
        });
      }
      return result;
    };
  });
}

export async function openPostgres(url: string): Promise<Database> {
  const options = Object.entries(sessionSettings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    options,
    connectionTimeoutMillis: connectTimeoutMs,
    statement_timeout: statementTimeoutMs,
    query_timeout: queryTimeoutMs,
  });
  // An idle connection that breaks (a restart of PostgreSQL, an administrator's kill) is dropped
  // from the pool and replaced on the next query; unhandled, its error would end the process.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL connection lost: ${error.message}`);
  });
  outlastOutages(pool);
  try {
    const check = await pool.query<{ lc_ctype: string; server_encoding: string }>(
      "SELECT current_setting('lc_ctype') AS lc_ctype, current_setting('server_encoding') AS server_encoding",
    );
    const row = check.rows[0];
    if (row === undefined || row.server_encoding !== 'UTF8' || !/utf-?8/iu.test(row.lc_ctype)) {
      throw new DatabaseError(
        `PostgreSQL database must use UTF-8 (encoding ${row?.server_encoding ?? '?'}, LC_CTYPE ` +
          `${row?.lc_ctype ?? '?'}): Russian stemming and trigram search silently fail otherwise. ` +
          "Create it with ENCODING 'UTF8' LC_CTYPE 'C.UTF-8' LC_COLLATE 'C.UTF-8' TEMPLATE template0.",
      );
    }
    await migratePostgres(url, options);
    const db = drizzleNodePostgres({ client: pool, schema, casing: 'snake_case' });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      close: () => pool.end(),
      pool: () => ({ idle: pool.idleCount, busy: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
    };
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
}

/**
 * Runs the migrations on a connection of their own, without the calls' timeouts: a migration, or
 * waiting for another node's, may take longer than any call.
 */
async function migratePostgres(url: string, options: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, options, connectionTimeoutMillis: connectTimeoutMs });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [migrationLockKey]);
    await migrateNodePostgres(drizzleNodePostgres({ client, schema, casing: 'snake_case' }), { migrationsFolder });
  } finally {
    // Ending the session releases its advisory lock.
    await client.end();
  }
}

export function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string | undefined;
}): Promise<Database> {
  return options.databaseUrl === undefined ? openPglite(options.dataDir) : openPostgres(options.databaseUrl);
}

/** True when the catalogue has no content yet: a new database the demo content goes into. */
export async function isEmpty(db: Db): Promise<boolean> {
  const result = await db.execute<{ empty: boolean }>(
    sql`SELECT NOT EXISTS (SELECT 1 FROM video_category) AND NOT EXISTS (SELECT 1 FROM radio_category) AS empty`,
  );
  return result.rows[0]?.empty ?? true;
}
