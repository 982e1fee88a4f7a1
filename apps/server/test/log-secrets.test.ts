// The real server's log at its most verbose holds no secret: not the operators' token, not a
// password (right, wrong, in a body it could not read), not a studio session's or a visitor's
// cookie, not a one-time password it made. An operator ships logs to places with other readers.
// And a request's id is carried from its answer into the job it queues and that job's log lines,
// and from a schedule save into the line by which the channel says it airs it.
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  adminMetricsPath,
  adminPrefix,
  adminUrl,
  apiUrl,
  dateIn,
  defaultTimeZone,
  type IngestJob,
  requestIdHeader,
  studioUrl,
} from '@efir/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePorts } from './free-port.ts';
import { locateMediaTools } from '../src/media/ffmpeg.ts';
import { makeClip } from './media-fixtures.ts';
import { localServerEnv, type ServerProcess, startServer, waitForApi } from './server-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'efir-log-secrets-'));
const [port = 0, mediaPort = 0] = await freePorts(2);
const site = `http://127.0.0.1:${String(port)}`;
let server: ServerProcess;

beforeAll(async () => {
  server = startServer({
    ...localServerEnv(port, mediaPort, dataDir),
    LOG_LEVEL: 'trace',
    PUBLIC_URL: site,
    SITE_ORIGINS: site,
  });
  await waitForApi(`${site}${apiUrl('videoCategories')}`, 60_000);
}, 90_000);

afterAll(async () => {
  server.child.kill('SIGTERM');
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the log', () => {
  it('holds no token, password or cookie, whatever the calls', async () => {
    const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
    const password = 'Длинный-пароль-редактора-2031!';
    const json = { 'content-type': 'application/json', origin: site };
    const admin = { ...json, authorization: `Bearer ${token}` };
    const added = await fetch(`${site}${adminUrl('userAdd')}`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ login: 'redaktor', role: 'editor', password }),
    });
    expect(added.status).toBe(201);
    // An account whose password the site makes and answers once.
    const made = await fetch(`${site}${adminUrl('userAdd')}`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ login: 'vtoroi', role: 'editor' }),
    });
    const madePassword = ((await made.json()) as { password?: string }).password ?? '';
    expect(madePassword.length).toBeGreaterThan(8);

    const login = (body: string) => fetch(`${site}${studioUrl('login')}`, { method: 'POST', headers: json, body });
    const signedIn = await login(JSON.stringify({ login: 'redaktor', password }));
    expect(signedIn.status).toBe(200);
    const session = signedIn.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
    expect(session.length).toBeGreaterThan(0);
    expect((await login(JSON.stringify({ login: 'redaktor', password: `${password}x` }))).status).toBe(401);
    // A body it cannot read, with the password in it.
    expect((await login(`{"login":"redaktor","password":"${password}"`)).status).toBe(400);
    const studio = await fetch(`${site}${studioUrl('session')}`, { headers: { cookie: session.join('; ') } });
    expect(studio.status).toBe(200);
    // A visitor's cookie, sent back.
    const visit = await fetch(`${site}${apiUrl('videoCategories')}`);
    const visitor = visit.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
    await fetch(`${site}${apiUrl('videoCategories')}`, { headers: { cookie: visitor.join('; ') } });
    // A wrong token, and the right one on a call that fails.
    await fetch(`${site}${adminUrl('ingestJobs')}`, { headers: { authorization: 'Bearer not-the-token' } });
    await fetch(`${site}${adminUrl('ingestSubmit')}`, { method: 'POST', headers: admin, body: '{}' });

    const log = server.output();
    // It did log the calls (trace): the test reads a log that has them.
    expect(log).toContain(`"url":"${studioUrl('login')}"`);
    const secrets = [
      token,
      password,
      madePassword,
      ...[...session, ...visitor].map((cookie) => cookie.slice(cookie.indexOf('=') + 1)),
    ];
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      expect(log.includes(secret), `the log holds ${secret.slice(0, 4)}…`).toBe(false);
    }
  });

  it('names each request in its answer and its lines, and carries the id into the job it queues', async () => {
    const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
    const tools = await locateMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
    const clip = join(dataDir, 'clip.mp4');
    makeClip(tools.ffmpeg, clip, { seconds: 2, size: '320x180' });
    // A proxy's id is taken; a caller without one is given a new one.
    const proxied = 'nginx-5d41402abc4b2a76b9719d911017c592';
    const submitted = await fetch(`${site}${adminUrl('ingestSubmit')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, [requestIdHeader]: proxied },
      body: JSON.stringify({ kind: 'video', source: { file: clip, name: 'С номером запроса', categoryId: 2 } }),
    });
    expect(submitted.status).toBe(201);
    expect(submitted.headers.get(requestIdHeader)).toBe(proxied);
    const job = (await submitted.json()) as IngestJob;
    const plain = await fetch(`${site}${apiUrl('videoCategories')}`, { headers: { [requestIdHeader]: 'bad id\n' } });
    const given = plain.headers.get(requestIdHeader) ?? '';
    expect(given).toMatch(/^[0-9a-f-]{36}$/u);
    await expect
      .poll(
        async () => {
          const answer = await fetch(`${site}${adminUrl('ingestJob', { params: { id: job.id } })}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          return ((await answer.json()) as IngestJob).state;
        },
        { timeout: 60_000, interval: 250 },
      )
      .toBe('done');
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { reqId?: string; msg?: string; job?: number; req?: { url?: string } });
    expect(lines.some((line) => line.reqId === given && line.req?.url === apiUrl('videoCategories'))).toBe(true);
    const carried = lines.filter((line) => line.reqId === proxied);
    expect(carried.some((line) => line.req?.url === adminUrl('ingestSubmit'))).toBe(true);
    await expect.poll(() => server.output().includes('"msg":"ingest done"'), { timeout: 5_000 }).toBe(true);
    const done = server
      .output()
      .split('\n')
      .find((line) => line.includes('"msg":"ingest done"'));
    expect(JSON.parse(done ?? '{}')).toMatchObject({ job: job.id, reqId: proxied });
    // The job's time is in the node's metrics, by kind and outcome.
    const metrics = await fetch(`${site}${adminPrefix}${adminMetricsPath}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await metrics.text()).toContain('efir_ingest_job_duration_seconds_count{kind="video",outcome="done"} 1');

    // A day written names the request in the line that says from when it airs, and in the line by
    // which the node's channel says it airs the save (today's day: one the channel reads).
    const today = dateIn(defaultTimeZone, new Date());
    const written = await fetch(`${site}${adminUrl('scheduleWrite', { params: { channel: 'radio', date: today } })}`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        [requestIdHeader]: 'studio-save-0042',
      },
      body: JSON.stringify({ items: [] }),
    });
    expect(written.status, await written.clone().text()).toBe(200);
    const lineOf = (message: string): unknown => {
      const line = server
        .output()
        .split('\n')
        .find((text) => text.includes(`"msg":"${message}"`));
      return line === undefined ? undefined : JSON.parse(line);
    };
    await expect
      .poll(() => lineOf('schedule changed'), { timeout: 5_000 })
      .toMatchObject({
        channel: 'radio',
        by: 'token',
        reqId: 'studio-save-0042',
      });
    await expect
      .poll(() => lineOf('schedule taken up'), { timeout: 5_000 })
      .toMatchObject({
        channel: 'radio',
        day: today,
        revision: expect.any(Number) as unknown,
        by: 'token',
        reqId: 'studio-save-0042',
      });
  }, 90_000);
});
