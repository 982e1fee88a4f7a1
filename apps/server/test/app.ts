import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import { inProcessBus } from '../src/bus/bus.ts';
import type { Config } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import type { Clock } from '../src/lib/clock.ts';
import { type Backend, testDatabase } from './database.ts';
import { testTimeZone } from './postgres.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** The site's app on a copy of the seeded demo database, with no web build and no logging. */
export interface TestAppOptions {
  backend?: Backend;
  clock?: Clock;
  /** Settings beyond the defaults: the public URL, the proxies to believe, the visitor limits. */
  config?: Partial<Pick<Config, 'publicUrl' | 'trustProxy' | 'visitorLimits'>>;
}

export async function testApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await testDatabase(options.backend ?? 'pglite', 'seeded');
  const bus = inProcessBus();
  const app = await buildApp({
    config: { timeZone: testTimeZone, logLevel: 'silent', ...options.config },
    db: database.db,
    bus,
    logger: false,
    webDist: '/nonexistent',
    ...(options.clock === undefined ? {} : { clock: options.clock }),
  });
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
