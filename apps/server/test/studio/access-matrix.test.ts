// Every studio call × every kind of caller: nobody signed in, each role, an expired session, a
// disabled account, a change without the session's CSRF token, a change from another site's page.
// Who may make a call is the contract's (studioCalls[call].access); the server must refuse exactly
// the others, before it looks at the input. A caller let in gets the answer the input deserves:
// 200 for a list, 404 for an id that names nothing, 400 for an empty body the call's schema refuses.
import {
  accessAllows,
  fillPath,
  type StudioAccess,
  type StudioCallName,
  studioCallRoutes,
  studioCalls,
  type CallRoute,
  type StudioRole,
  studioRoles,
  studioPrefix,
  studioUploadsPath,
} from '@efir/contract';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { studioAccessPlugin } from '../../src/studio/access.ts';
import {
  account,
  disable,
  expire,
  sessionLimits,
  type Signed,
  signIn,
  studioCall,
  useStudioSite,
} from './studio-site.ts';

const site = useStudioSite();

/** A value for each path parameter: ids (and an audit entry) that name nothing, and a real
 * slideshow, room, kind, channel, date and language. */
const params: Record<string, string | number> = {
  id: 2_147_483_647,
  entry: 2_147_483_647,
  show: 'main',
  room: 'teleprogram',
  kind: 'programmes',
  channel: 'tv',
  date: '2031-01-01',
  language: 'ru',
};

const calls = Object.keys(studioCallRoutes) as StudioCallName[];

interface Call extends CallRoute {
  access: StudioAccess;
  params?: z.ZodType;
  body?: z.ZodType;
}

/** What a caller who is let in gets for the probe's input. */
function answerWhenAllowed(name: StudioCallName): number {
  const call = studioCalls[name] as Call;
  if (call.body !== undefined && !call.body.safeParse({}).success) return 400;
  if (call.params !== undefined && /:(id|entry)\b/u.test(call.path)) return 404;
  return 200;
}

function probe(
  name: StudioCallName,
  signed: Signed | undefined,
  extra: { csrf?: boolean; origin?: string | null } = {},
) {
  const call = studioCalls[name] as Call;
  return studioCall(site(), signed, {
    method: call.method,
    url: fillPath(call, params),
    ...(call.body === undefined ? {} : { payload: {} }),
    ...extra,
  });
}

const changes = (name: StudioCallName): boolean => studioCalls[name].method !== 'GET';

/** The routes a Fastify app registered, read from its printed route tree. */
function registeredRoutes(tree: string): string[] {
  const paths: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (match === null) continue;
    const depth = (match[1] ?? '').length / 4;
    paths.length = depth;
    const path = `${paths[depth - 1] ?? ''}${match[2] ?? ''}`;
    paths[depth] = path;
    for (const method of match[3]?.split(', ') ?? []) routes.push(`${method} ${path}`);
  }
  return routes;
}

describe('the studio routes the server registered', () => {
  it("are exactly the contract's calls and the uploads: no route the matrix below does not try", () => {
    const registered = registeredRoutes(site().app.printRoutes({ commonPrefix: false }))
      .filter((route) => route.split(' ')[1]?.startsWith(`${studioPrefix}/`) === true)
      // Fastify answers HEAD for every GET by itself.
      .filter((route, _i, all) => !route.startsWith('HEAD ') || !all.includes(route.replace(/^HEAD/u, 'GET')));
    const uploads = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'].flatMap((method) => [
      `${method} ${studioPrefix}${studioUploadsPath}`,
      `${method} ${studioPrefix}${studioUploadsPath}:id`,
    ]);
    const fromContract = calls.map((name) => `${studioCalls[name].method} ${studioPrefix}${studioCalls[name].path}`);
    expect(registered.sort()).toEqual([...fromContract, ...uploads].sort());
  });

  it('stop the server from starting when one names no access', async () => {
    const app = Fastify();
    const starting = (async () => {
      await app.register(async (studio) => {
        await studio.register(studioAccessPlugin, { db: site().database.db, session: sessionLimits, origins: [] });
        studio.get('/forgotten', () => 'open to anyone');
      });
      await app.ready();
    })();
    await expect(starting).rejects.toThrow('GET /forgotten: a studio route names its call');
    await app.close();
  });
});

describe('the studio calls × who calls them', () => {
  const accounts = {} as Record<StudioRole, number>;
  beforeAll(async () => {
    for (const role of studioRoles) accounts[role] = (await account(site(), role)).id;
  });

  it.each(calls)('%s: nobody signed in', async (name) => {
    const response = await probe(name, undefined);
    const expected = studioCalls[name].access === 'anyone' ? answerWhenAllowed(name) : 401;
    expect(response.statusCode, response.body).toBe(expected);
    expect(response.json()).toHaveProperty('detail');
  });

  describe.each(studioRoles)('as %s', (role) => {
    it.each(calls)('%s', async (name) => {
      const signed = await signIn(site(), accounts[role]);
      const response = await probe(name, signed);
      const expected = accessAllows(studioCalls[name].access, role) ? answerWhenAllowed(name) : 403;
      expect(response.statusCode, response.body).toBe(expected);
      expect(response.headers['cache-control']).toBe('no-store');
    });
  });

  it.each(calls)('%s: an expired session', async (name) => {
    const signed = await signIn(site(), (await account(site(), 'admin')).id);
    await expire(site(), signed);
    const response = await probe(name, signed);
    expect(response.statusCode, response.body).toBe(
      studioCalls[name].access === 'anyone' ? answerWhenAllowed(name) : 401,
    );
  });

  it.each(calls)('%s: a disabled account', async (name) => {
    const { id } = await account(site(), 'admin');
    const signed = await signIn(site(), id);
    await disable(site(), id);
    const response = await probe(name, signed);
    expect(response.statusCode, response.body).toBe(
      studioCalls[name].access === 'anyone' ? answerWhenAllowed(name) : 401,
    );
  });

  it.each(calls.filter(changes))('%s: a change without the CSRF token', async (name) => {
    const signed = await signIn(site(), accounts.admin);
    const response = await probe(name, signed, { csrf: false });
    // Signing in has no session yet, so no token to give: its guard is the Origin.
    expect(response.statusCode, response.body).toBe(
      studioCalls[name].access === 'anyone' ? answerWhenAllowed(name) : 403,
    );
  });

  it.each(calls.filter(changes))('%s: a change from another site’s page', async (name) => {
    const signed = await signIn(site(), accounts.admin);
    const response = await probe(name, signed, { origin: 'https://evil.example' });
    expect(response.statusCode, response.body).toBe(403);
  });

  it.each(calls.filter((name) => !changes(name)))('%s: a read needs no token, from anywhere', async (name) => {
    const signed = await signIn(site(), accounts.admin);
    const response = await probe(name, signed, { csrf: false, origin: 'https://evil.example' });
    expect(response.statusCode, response.body).toBe(answerWhenAllowed(name));
  });

  it('uploads: editors and admins only, with the token, from the site', async () => {
    const upload = (signed: Signed | undefined, extra: { csrf?: boolean; origin?: string } = {}) =>
      studioCall(site(), signed, {
        method: 'POST',
        url: studioUploadsPath,
        headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' },
        ...extra,
      });
    expect((await upload(undefined)).statusCode).toBe(401);
    expect((await upload(await signIn(site(), accounts.moderator))).statusCode).toBe(403);
    expect((await upload(await signIn(site(), accounts.editor), { csrf: false })).statusCode).toBe(403);
    expect((await upload(await signIn(site(), accounts.editor), { origin: 'https://evil.example' })).statusCode).toBe(
      403,
    );
    expect((await upload(await signIn(site(), accounts.editor))).statusCode).toBe(201);
    expect((await upload(await signIn(site(), accounts.admin))).statusCode).toBe(201);
  });
});
