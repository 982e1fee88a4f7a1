// PostgreSQL-only behaviour: the UTF-8 check, concurrent start-ups migrating one database, and the
// pool's state in the node's metrics.
import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseError, openPostgres } from '../src/db/database.ts';
import { createSiteMetrics } from '../src/metrics/site-metrics.ts';
import { copyName } from './database.ts';
import { adminUrl, databaseUrl } from './postgres.ts';

const admin = adminUrl();

describe.runIf(admin !== undefined)('PostgreSQL', () => {
  const created: string[] = [];
  const createDatabase = async (options: string): Promise<string> => {
    const name = copyName();
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${name} TEMPLATE template0 ${options}`);
    await client.end();
    created.push(name);
    return databaseUrl(admin!, name);
  };
  afterAll(async () => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    for (const name of created) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });

  it('refuses a database without a UTF-8 LC_CTYPE, saying why', async () => {
    const url = await createDatabase("ENCODING 'SQL_ASCII' LC_CTYPE 'C' LC_COLLATE 'C'");
    const opening = openPostgres(url);
    await expect(opening).rejects.toBeInstanceOf(DatabaseError);
    await expect(openPostgres(url)).rejects.toThrow(/UTF-8.*Russian stemming and trigram search/u);
  });

  it('lets several nodes start at once on a new database: the migrations run once', async () => {
    const url = await createDatabase("ENCODING 'UTF8' LC_CTYPE 'C.UTF-8' LC_COLLATE 'C.UTF-8'");
    const nodes = await Promise.all([openPostgres(url), openPostgres(url), openPostgres(url)]);
    // drizzle keeps its journal of applied migrations in this table
    const result = await nodes[0].db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    );
    const migrations = readdirSync(new URL('../src/db/migrations', import.meta.url)).filter((f) => f.endsWith('.sql'));
    expect(result.rows[0]?.n).toBe(migrations.length);
    await Promise.all(nodes.map((node) => node.close()));
  });

  it("tells the node's metrics its pool: connections busy and idle, and calls waiting for one", async () => {
    const url = await createDatabase("ENCODING 'UTF8' LC_CTYPE 'C.UTF-8' LC_COLLATE 'C.UTF-8'");
    const database = await openPostgres(url);
    const metrics = createSiteMetrics();
    metrics.read({ databasePool: database.pool });
    const read = async () => {
      const text = await metrics.registry.metrics();
      const value = (line: string) => Number(new RegExp(`^${line} (\\d+)$`, 'mu').exec(text)?.[1]);
      return {
        busy: value('efir_database_pool_connections\\{state="busy"\\}'),
        idle: value('efir_database_pool_connections\\{state="idle"\\}'),
        waiting: value('efir_database_pool_waiting'),
      };
    };
    expect(await read()).toMatchObject({ busy: 0, waiting: 0 });
    // Twelve calls that each hold a connection for a second: ten busy (the pool's size), two wait.
    const held = Promise.all(Array.from({ length: 12 }, () => database.db.execute(sql`SELECT pg_sleep(1)`)));
    await expect.poll(read, { timeout: 5000, interval: 50 }).toEqual({ busy: 10, idle: 0, waiting: 2 });
    await held;
    expect(await read()).toMatchObject({ busy: 0, waiting: 0 });
    await database.close();
  });
});
