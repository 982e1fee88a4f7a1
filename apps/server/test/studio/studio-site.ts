// A seeded site with the studio's calls for the studio's tests: its media and uploads in a
// folder of its own, accounts of every role made straight in the database, and sessions for them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  csrfHeader,
  type StudioCallName,
  studioCalls,
  type StudioRole,
  studioLimits,
  studioPrefix,
  studioUrl,
} from '@efir/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { z } from 'zod';
import { studioSession } from '../../src/db/schema/index.ts';
import type { Clock } from '../../src/lib/clock.ts';
import { locateMediaTools } from '../../src/media/ffmpeg.ts';
import { addUser, startSession, updateUser } from '../../src/repositories/studio-accounts.ts';
import { studioCookie } from '../../src/studio/access.ts';
import { hashPassword } from '../../src/studio/passwords.ts';
import { Uploads } from '../../src/studio/uploads.ts';
import { type TestApp, testApp, type TestAppOptions, type TestSiteConfig } from '../app.ts';

export const sessionLimits = { idleMinutes: studioLimits.sessionIdleMinutes, hours: studioLimits.sessionHours };
/** The origin the test site's pages have (its PUBLIC_URL). */
export const siteOrigin = 'http://localhost:8080';

export interface StudioSite extends TestApp {
  dataDir: string;
  mediaDir: string;
  uploads: Uploads;
  /** Jobs queued through the studio's calls. */
  queued: () => number;
}

export async function studioSite(
  config: TestSiteConfig = {},
  clock?: Clock,
  { admin, freeBytes }: { admin?: TestAppOptions['admin']; freeBytes?: () => Promise<number> } = {},
): Promise<StudioSite> {
  const dataDir = mkdtempSync(join(tmpdir(), 'efir-studio-test-'));
  const mediaDir = join(dataDir, 'media');
  const uploads = new Uploads({
    directory: join(dataDir, 'uploads'),
    maxBytes: 50 * 1024 * 1024,
    ...(freeBytes === undefined ? {} : { freeBytes }),
  });
  const tools = await locateMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
  let queued = 0;
  const site = await testApp({
    config: { publicUrl: siteOrigin, ...config },
    ...(clock === undefined ? {} : { clock }),
    ...(admin === undefined ? {} : { admin }),
    studio: {
      session: sessionLimits,
      mediaDir,
      tools,
      uploads,
      onQueued: () => {
        queued += 1;
      },
    },
  });
  return {
    ...site,
    dataDir,
    mediaDir,
    uploads,
    queued: () => queued,
    close: async () => {
      await site.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A studio site for the whole test file, on `clock` when given. */
export function useStudioSite(
  config: TestSiteConfig = {},
  clock?: Clock,
  options?: Parameters<typeof studioSite>[2],
): () => StudioSite {
  let site: StudioSite | undefined;
  beforeAll(async () => {
    site = await studioSite(config, clock, options);
  });
  afterAll(async () => {
    await site?.close();
  });
  return () => {
    if (site === undefined) throw new Error('the studio site is used before beforeAll ran');
    return site;
  };
}

export interface Signed {
  userId: number;
  cookie: string;
  csrf: string;
}

let accounts = 0;

/** An account of `role` with `password`, made in the database. */
export async function account(
  site: StudioSite,
  role: StudioRole,
  password = 'correct horse battery',
): Promise<{ id: number; login: string }> {
  accounts += 1;
  const login = `${role}-${String(accounts)}-${String(process.pid)}`;
  const user = await addUser(site.database.db, { login, role, passwordHash: await hashPassword(password) });
  if (user === undefined) throw new Error('the test account was not made');
  return { id: user.id, login };
}

/** A new session of an account, as signing in makes one. */
export async function signIn(site: StudioSite, userId: number): Promise<Signed> {
  const { secret, session } = await startSession(site.database.db, userId, 'test', sessionLimits);
  return { userId, cookie: `${studioCookie}=${secret}`, csrf: session.csrfToken };
}

/** Ends a session by its clock: its absolute end is in the past. */
export async function expire(site: StudioSite, signed: Signed): Promise<void> {
  await site.database.db
    .update(studioSession)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(studioSession.userId, signed.userId));
}

export async function disable(site: StudioSite, userId: number): Promise<void> {
  await updateUser(site.database.db, userId, { disabledAt: new Date() });
}

/** A studio call by path under /api/studio, as a page of the site makes it (cookie, CSRF, Origin). */
export function studioCall(
  site: StudioSite,
  signed: Signed | undefined,
  options: Omit<InjectOptions, 'url'> & { url: string; csrf?: boolean; origin?: string | null },
): Promise<LightMyRequestResponse> {
  const { csrf = true, origin = siteOrigin, url, headers, ...rest } = options;
  const method = String(options.method ?? 'GET');
  const changes = !['GET', 'HEAD', 'OPTIONS'].includes(method);
  return site.app.inject({
    ...rest,
    url: `${studioPrefix}${url}`,
    headers: {
      ...(signed === undefined ? {} : { cookie: signed.cookie }),
      ...(changes && csrf && signed !== undefined ? { [csrfHeader]: signed.csrf } : {}),
      ...(changes && origin !== null ? { origin } : {}),
      ...headers,
    },
  });
}

export type StudioAnswer<K extends StudioCallName> = z.output<(typeof studioCalls)[K]['response']>;

/** Makes studio calls by name on the site `site()`, their paths made by the contract: each gives
 * its status, its answer as the contract types it (when it succeeded) and the refusal's detail
 * (when it did not). */
export function namedCalls(site: () => StudioSite) {
  return async function call<K extends StudioCallName>(
    who: Signed,
    name: K,
    input: { params?: Record<string, string | number>; query?: Record<string, string | number>; body?: object } = {},
  ): Promise<{ status: number; body: StudioAnswer<K>; detail: string | undefined }> {
    const url = (studioUrl as (n: StudioCallName, i: unknown) => string)(name, {
      ...(input.params === undefined ? {} : { params: input.params }),
      ...(input.query === undefined ? {} : { query: input.query }),
    }).slice(studioPrefix.length);
    const response = await studioCall(site(), who, {
      method: studioCalls[name].method,
      url,
      ...(input.body === undefined ? {} : { payload: input.body }),
    });
    const answer = response.json<StudioAnswer<K> & { detail?: string }>();
    return { status: response.statusCode, body: answer, detail: answer.detail };
  };
}
