// What either port answers when a call fails: `{detail}` and nothing of ours (no SQL, no stack);
// a database that is away is a 503 to retry. Also the health calls of both ports.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMediaApp } from '../src/media-app.ts';
import { inProcessBus } from '../src/bus/bus.ts';
import type { Database } from '../src/db/database.ts';
import { buildTestSite } from './app.ts';
import { testDatabase } from './database.ts';

const secretSql = 'select "token" from "admin_secret" where "id" = $1';
const failingQuery = (code: string, message: string): DrizzleQueryError =>
  new DrizzleQueryError(secretSql, [1], Object.assign(new Error(message), { code }));

let database: Database;
let mediaDir: string;
const apps: { name: string; app: FastifyInstance }[] = [];

beforeAll(async () => {
  database = await testDatabase('pglite', 'seeded');
  mediaDir = mkdtempSync(join(tmpdir(), 'efir-error-media-'));
  const site = await buildTestSite(database.db, inProcessBus());
  const media = await buildMediaApp({ mediaDir, allowedOrigins: [], db: database.db, logger: false });
  for (const app of [site, media]) {
    // Routes that fail the way a repository call does: Drizzle's error, carrying the SQL, caused by the driver's.
    app.get('/failing/bug', () => {
      throw failingQuery('42P01', 'relation "admin_secret" does not exist');
    });
    app.get('/failing/database-away', () => {
      throw failingQuery('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432');
    });
    await app.ready();
  }
  apps.push({ name: 'the site', app: site }, { name: 'the media port', app: media });
});

afterAll(async () => {
  for (const { app } of apps) await app.close();
  await database.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

describe.each(['the site', 'the media port'])('%s', (name) => {
  const app = (): FastifyInstance => apps.find((entry) => entry.name === name)!.app;

  it('answers a failing query 500 with a detail that carries no SQL, no message of the driver, no stack', async () => {
    const response = await app().inject({ url: '/failing/bug' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'Internal server error.' });
    expect(response.body).not.toMatch(/admin_secret|select|\bat\b/iu);
  });

  it('answers a call the unreachable database failed 503 with Retry-After and a detail, uncached', async () => {
    const response = await app().inject({ url: '/failing/database-away' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ detail: 'The database is unavailable; try again shortly.' });
  });

  it('says it is live and ready while the database answers, uncached', async () => {
    for (const path of ['/health/live', '/health/ready']) {
      const response = await app().inject({ url: path });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});

it('keeps the health calls out of the API’s documentation', async () => {
  const site = apps.find((entry) => entry.name === 'the site')!.app;
  const document = (await site.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, unknown> }>();
  expect(Object.keys(document.paths).length).toBeGreaterThan(10);
  expect(Object.keys(document.paths).filter((path) => path.startsWith('/health'))).toEqual([]);
});
