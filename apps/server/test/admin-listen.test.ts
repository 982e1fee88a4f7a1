// The operators' calls are kept off the port the public reaches (ADMIN_LISTEN, docs/SECURITY.md):
// the attacker's request that worked before (the right token, from another machine or through the
// site's proxy) is refused before the token is looked at.
import { adminPrefix, adminUrl, apiUrl } from '@efir/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminPort } from '../src/admin-listen.ts';
import { buildApp } from '../src/app.ts';
import { inProcessBus } from '../src/bus/bus.ts';
import type { Database } from '../src/db/database.ts';
import { testDatabase } from './database.ts';
import { testTimeZone } from './postgres.ts';

const token = 'operators-token';
const auth = { authorization: `Bearer ${token}` };

let database: Database;
beforeAll(async () => {
  database = await testDatabase('pglite', 'migrated');
});
afterAll(async () => {
  await database.close();
});

const siteWith = (reach?: AdminPort): Promise<FastifyInstance> =>
  buildApp({
    config: { timeZone: testTimeZone, logLevel: 'silent' },
    db: database.db,
    bus: inProcessBus(),
    logger: false,
    webDist: '/nonexistent',
    admin: { token, onQueued: () => undefined, ...(reach === undefined ? {} : { reach }) },
  });

describe("the operators' calls on the site's port (ADMIN_LISTEN unset)", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await siteWith();
  });
  afterAll(async () => {
    await app.close();
  });

  it('answer a connection from this machine', async () => {
    const jobs = await app.inject({ url: adminUrl('ingestJobs'), headers: auth });
    expect(jobs.statusCode).toBe(200);
    const overIpv6 = await app.inject({ url: adminUrl('ingestJobs'), headers: auth, remoteAddress: '::1' });
    expect(overIpv6.statusCode).toBe(200);
  });

  it('refuse the right token from another machine, and say nothing of the token', async () => {
    for (const remoteAddress of ['203.0.113.7', '2001:db8::7', '::ffff:203.0.113.7', '10.0.0.127']) {
      const refused = await app.inject({ url: adminUrl('ingestJobs'), headers: auth, remoteAddress });
      expect(refused.statusCode, remoteAddress).toBe(403);
      expect(refused.json()).toEqual({
        detail: "The operators' calls answer only to this machine, not through a proxy (ADMIN_LISTEN).",
      });
      const guessed = await app.inject({
        url: adminUrl('ingestJobs'),
        headers: { authorization: 'Bearer wrong' },
        remoteAddress,
      });
      expect(guessed.statusCode).toBe(403);
    }
  });

  it('refuse a request a proxy on this machine passed on', async () => {
    for (const header of [
      { 'x-forwarded-for': '203.0.113.7' },
      { forwarded: 'for=203.0.113.7' },
      { 'x-real-ip': '203.0.113.7' },
    ]) {
      const passedOn = await app.inject({ url: adminUrl('ingestJobs'), headers: { ...auth, ...header } });
      expect(passedOn.statusCode, Object.keys(header)[0]).toBe(403);
    }
  });
});

describe("the operators' calls on a port of their own (ADMIN_LISTEN=127.0.0.1:0)", () => {
  let app: FastifyInstance;
  let adminPort: AdminPort;
  let site: string;
  let operators: string;
  beforeAll(async () => {
    adminPort = new AdminPort({ requestTimeoutSeconds: 30, headersTimeoutSeconds: 10 });
    app = await siteWith(adminPort);
    site = await app.listen({ port: 0, host: '127.0.0.1' });
    operators = await adminPort.listen(app, { host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await Promise.all([app.close(), adminPort.close()]);
  });

  it('answer there, token checked, with the audit and errors of the site', async () => {
    const jobs = await fetch(`${operators}${adminUrl('ingestJobs')}`, { headers: auth });
    expect(jobs.status).toBe(200);
    expect(await jobs.json()).toEqual([]);
    const wrong = await fetch(`${operators}${adminUrl('ingestJobs')}`, { headers: { authorization: 'Bearer x' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ detail: 'The admin token (DATA_DIR/admin-token) is missing or wrong.' });
    const queued = await fetch(`${operators}${adminUrl('ingestJobs')}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'video', source: { file: '/srv/clip.mp4', name: 'Клип', categoryId: 1 } }),
    });
    expect(queued.status).toBe(201);
  });

  it("no longer answer on the site's port, even from this machine", async () => {
    const refused = await fetch(`${site}${adminUrl('ingestJobs')}`, { headers: auth });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      detail: "The operators' calls answer on their own port (ADMIN_LISTEN), not here.",
    });
    // The site itself answers there as before.
    expect((await fetch(`${site}${apiUrl('videoCategories')}`)).status).toBe(200);
  });

  it("carry nothing but the operators' calls on their port", async () => {
    for (const path of [apiUrl('videoCategories'), '/', `${adminPrefix}x`, '/studio/']) {
      const other = await fetch(`${operators}${path}`);
      expect(other.status, path).toBe(404);
      expect(await other.json()).toEqual({ detail: `Only the operators' calls (${adminPrefix}) answer on this port.` });
    }
  });
});
