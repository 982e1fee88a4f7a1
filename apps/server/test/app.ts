import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type AppOptions, buildApp } from '../src/app.ts';
import { type Bus, inProcessBus } from '../src/bus/bus.ts';
import type { Config } from '../src/config.ts';
import type { Database, Db } from '../src/db/database.ts';
import type { Clock } from '../src/lib/clock.ts';
import { type Backend, testDatabase } from './database.ts';
import { testTimeZone } from './postgres.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** Settings beyond the defaults: the public URL, the proxies to believe, the visitor limits. */
export type TestSiteConfig = Partial<Pick<Config, 'publicUrl' | 'trustProxy' | 'visitorLimits' | 'siteOrigins'>>;

/** The site's app on `db` and `bus`, with no web build and no logging; not ready yet. */
export function buildTestSite(
  db: Db,
  bus: Bus,
  clock?: Clock,
  config: TestSiteConfig = {},
  admin?: AppOptions['admin'],
  studio?: AppOptions['studio'],
): Promise<FastifyInstance> {
  return buildApp({
    config: { timeZone: testTimeZone, logLevel: 'silent', ...config },
    db,
    bus,
    logger: false,
    webDist: '/nonexistent',
    studioDist: '/nonexistent',
    ...(clock === undefined ? {} : { clock }),
    ...(admin === undefined ? {} : { admin }),
    ...(studio === undefined ? {} : { studio, mediaDir: studio.mediaDir }),
  });
}

export interface TestAppOptions {
  backend?: Backend;
  clock?: Clock;
  config?: TestSiteConfig;
  /** The operators' calls, with this token. */
  admin?: AppOptions['admin'];
  /** The studio's calls. */
  studio?: AppOptions['studio'];
}

/** The site's app on a copy of the seeded demo database. */
export async function testApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await testDatabase(options.backend ?? 'pglite', 'seeded');
  const bus = inProcessBus();
  const app = await buildTestSite(database.db, bus, options.clock, options.config, options.admin, options.studio);
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await bus.close();
      await database.close();
    },
  };
}

/** Registers a seeded app for the whole test file and gives access to it inside the tests. */
export function useTestApp(options: Omit<TestAppOptions, 'backend'> = {}): () => TestApp {
  let site: TestApp | undefined;
  beforeAll(async () => {
    site = await testApp(options);
  });
  afterAll(async () => {
    await site?.close();
  });
  return () => {
    if (site === undefined) throw new Error('the test app is used before beforeAll ran');
    return site;
  };
}
