import { createServer } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../lib/http-error.ts';
import { isDatabaseUnavailable } from './database-unavailable.ts';
import { openPostgres } from './database.ts';

/** A driver error as node-postgres makes it: a message and PostgreSQL's SQLSTATE. */
const pgError = (message: string, code: string): Error => Object.assign(new Error(message), { code });
/** As Drizzle hands it on: its own error, with the SQL, caused by the driver's. */
const wrapped = (cause: unknown): Error =>
  new DrizzleQueryError('select "id" from "video" where "id" = $1', [1], cause as Error);

/** A port nothing listens on: a connection to it is refused. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('isDatabaseUnavailable', () => {
  it('is true for a database that refuses connections (a real attempt)', async () => {
    const refused = await openPostgres(`postgres://postgres@127.0.0.1:${String(await closedPort())}/efir`).catch(
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(refused)).toBe(true);
  });

  it('is false for a query that is wrong (a real one, through Drizzle)', async () => {
    const client = await PGlite.create();
    try {
      const wrong = await drizzle({ client })
        .execute(sql`SELEC 1`)
        .catch((error: unknown) => error);
      expect(wrong).toBeInstanceOf(DrizzleQueryError);
      expect(isDatabaseUnavailable(wrong)).toBe(false);
    } finally {
      await client.close();
    }
  });

  it.each([
    ['a shutdown by the operator (57P01)', pgError('terminating connection due to administrator command', '57P01')],
    [
      'a crash of another backend (57P02)',
      pgError('terminating connection because of crash of another server process', '57P02'),
    ],
    ['a server starting up (57P03)', pgError('the database system is starting up', '57P03')],
    ['a statement timeout (57014)', pgError('canceling statement due to statement timeout', '57014')],
    ['a connection failure (08006)', pgError('connection failure', '08006')],
    ['too many connections (53300)', pgError('sorry, too many clients already', '53300')],
    ['a reset socket', pgError('read ECONNRESET', 'ECONNRESET')],
    ['a socket timeout', pgError('connect ETIMEDOUT 10.0.0.1:5432', 'ETIMEDOUT')],
    ['the client query timeout', new Error('Query read timeout')],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['a connection that broke earlier', new Error('Client has encountered a connection error and is not queryable')],
    ['the pool waiting too long for a connection', new Error('timeout exceeded when trying to connect')],
    [
      'a connection attempt timing out',
      new Error('Connection terminated due to connection timeout', { cause: new Error('timeout expired') }),
    ],
    [
      'every address of a host refusing',
      new AggregateError([pgError('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'connect failed'),
    ],
  ])('is true for %s, also as the cause of Drizzle’s error', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ['a syntax error (42601)', pgError('syntax error at or near "SELEC"', '42601')],
    ['a unique violation (23505)', pgError('duplicate key value violates unique constraint "vote_pkey"', '23505')],
    ['a deadlock (40P01)', pgError('deadlock detected', '40P01')],
    ['an error of the code', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('is false for %s, also as the cause of Drizzle’s error', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });

  it('is false for a visitor’s mistake and for what is not an error', () => {
    expect(isDatabaseUnavailable(new HttpError(404, 'No such poll.'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });

  it('ends on an error that is its own cause', () => {
    const loop = new Error('loop');
    loop.cause = loop;
    expect(isDatabaseUnavailable(loop)).toBe(false);
  });
});
