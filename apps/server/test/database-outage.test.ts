// The site through a database outage, on a PostgreSQL cluster of the test's own: stopped for 20 s,
// then frozen for 20 s. Calls that need the database answer 503 with Retry-After within seconds,
// both ports stay live and say they are not ready, no answer shows internals, and everything
// answers again within 5 s of the database's return, with no restart. All the while a viewer
// plays the live TV: every playlist answers 200, by the rules of RFC 8216, from first to last.
import { apiUrl, mainChannels } from '@efir/contract';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMediaApp } from '../src/media-app.ts';
import { inProcessBus } from '../src/bus/bus.ts';
import { type Database, openPostgres } from '../src/db/database.ts';
import { isDatabaseUnavailable } from '../src/db/database-unavailable.ts';
import { seedDemo } from '../src/demo/seed.ts';
import { video, videoCategory } from '../src/db/schema/index.ts';
import { clockTimeIn, dateIn } from '../src/lib/clock.ts';
import { createLiveChannels, type LiveChannels } from '../src/live/live-channels.ts';
import { replaceScheduleDay } from '../src/repositories/live.ts';
import { databaseRetryAfterSeconds, databaseUnavailableDetail } from '../src/lib/error-answers.ts';
import { buildTestSite } from './app.ts';
import { type OwnPostgres, startOwnPostgres } from './own-postgres.ts';
import { writeMediaPlaylist } from './media-fixtures.ts';
import { ListedWatch } from './playlist-check.ts';
import { testTimeZone } from './postgres.ts';

const outageMs = 20_000;
/** The longest a call may take to say 503: the client's query timeout with room to spare. */
const answerWithinMs = 8000;
const recoverWithinMs = 5000;

let own: OwnPostgres;
let database: Database;
let site: FastifyInstance;
let media: FastifyInstance;
let mediaDir: string;
let pollId: number;
let visitors = 0;
let live: LiveChannels;
const viewer = {
  watch: new ListedWatch(4),
  statuses: new Map<number, number>(),
  slowestMs: 0,
  playing: true,
  /** What the channel's background work reported, to explain a failure. */
  reports: [] as string[],
};
let viewing: Promise<void>;

/** A TV day on the air from a minute ago: an hour of two videos in turn, with the filler. */
async function airTv(): Promise<void> {
  writeMediaPlaylist(mediaDir, 'filler/tv/720', 8, 1);
  const [category] = await database.db.insert(videoCategory).values({ name: 'Эфир' }).returning();
  const ids: number[] = [];
  for (const [i, seconds] of [18.6, 25.2].entries()) {
    writeMediaPlaylist(mediaDir, `v/outage${i}/720`, seconds);
    const [row] = await database.db
      .insert(video)
      .values({
        name: `Эфир ${i}`,
        categoryId: category!.id,
        durationSeconds: seconds,
        masterPlaylist: `/media/v/outage${i}/master.m3u8`,
        mediaReadyAt: new Date(),
      })
      .returning();
    ids.push(row!.id);
  }
  const start = new Date(Date.now() - 60_000);
  await replaceScheduleDay(database.db, mainChannels.tv, dateIn(testTimeZone, start), {
    startsAt: clockTimeIn(testTimeZone, start),
    finishedText: '',
    items: Array.from({ length: 160 }, (_, i) => ({ mediaId: ids[i % 2]!, startsAt: null, isAd: false, draft: 0 })),
  });
}

/** The viewer: the 720 playlist every second, as a player asks for it, until the test ends. */
async function view(): Promise<void> {
  while (viewer.playing) {
    const started = performance.now();
    const answer = await media.inject({ url: '/tv/720/stream.m3u8' });
    viewer.slowestMs = Math.max(viewer.slowestMs, performance.now() - started);
    viewer.statuses.set(answer.statusCode, (viewer.statuses.get(answer.statusCode) ?? 0) + 1);
    if (answer.statusCode !== 200)
      viewer.reports.push(`${new Date().toISOString()} ${answer.statusCode}: ${answer.body}`);
    viewer.watch.check(answer.statusCode === 200 ? answer.body : undefined, Date.now(), 'the viewer');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

beforeAll(async () => {
  own = await startOwnPostgres();
  database = await openPostgres(own.url);
  const now = new Date();
  await seedDemo(database.db, { today: dateIn(testTimeZone, now), now });
  mediaDir = mkdtempSync(join(tmpdir(), 'efir-outage-media-'));
  await airTv();
  live = createLiveChannels({
    db: database.db,
    mediaDir,
    timeZone: testTimeZone,
    onError: (error, what) => viewer.reports.push(`${new Date().toISOString()} ${what}: ${String(error)}`),
  });
  site = await buildTestSite(database.db, inProcessBus());
  media = await buildMediaApp({ mediaDir, allowedOrigins: [], db: database.db, live, logger: false });
  await Promise.all([site.ready(), media.ready()]);
  // The viewer is watching before the database goes away: the node has aired the channel.
  expect((await media.inject({ url: '/tv/720/stream.m3u8' })).statusCode).toBe(200);
  live.tv.start();
  viewing = view();
  const polls = await site.inject({ url: apiUrl('polls') });
  pollId = polls.json<{ id: number }[]>()[0]!.id;
}, 120_000);

afterAll(async () => {
  // The cluster first: nothing that fails or hangs below may leave it running.
  await own.stop();
  viewer.playing = false;
  await viewing;
  await live.tv.stop();
  await Promise.all([site.close(), media.close()]);
  await database.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

/** Calls that need the database each time: a chat read, a chat post and a vote, by a new visitor. */
function databaseCalls(): InjectOptions[] {
  visitors += 1;
  const headers = { 'user-agent': `outage visitor ${String(visitors)}` };
  // Each round's visitor from an address of its own: new visitors from one address are let into
  // the chat a few a minute, and the rounds of a slow run would use that up.
  const remoteAddress = `10.9.${String(Math.floor(visitors / 250))}.${String((visitors % 250) + 1)}`;
  return [
    { method: 'GET', url: apiUrl('chatMessages', { params: { room: 'teleprogram', id: 4 } }) },
    {
      method: 'POST',
      url: apiUrl('chatMessages', { params: { room: 'teleprogram', id: 4 } }),
      headers,
      remoteAddress,
      payload: { name: 'Зритель', message: 'Есть связь?' },
    },
    {
      method: 'PUT',
      url: apiUrl('pollVote', { params: { id: pollId } }),
      headers,
      remoteAddress,
      payload: { otvet_1: true },
    },
  ];
}

interface Timed {
  status: number;
  body: string;
  headers: Record<string, unknown>;
  ms: number;
}

async function timed(app: FastifyInstance, options: InjectOptions): Promise<Timed> {
  const started = performance.now();
  const response = await app.inject(options);
  return {
    status: response.statusCode,
    body: response.body,
    headers: response.headers,
    ms: performance.now() - started,
  };
}

const health = (path: string): Promise<Timed[]> => Promise.all([site, media].map((app) => timed(app, { url: path })));

function expectUnavailable(answer: Timed, within: number): void {
  expect(answer.status).toBe(503);
  expect(answer.headers['retry-after']).toBe(String(databaseRetryAfterSeconds));
  expect(answer.headers['cache-control']).toBe('no-store');
  // Exactly the sentence, so nothing else (SQL, a stack, an address) rides along.
  expect(JSON.parse(answer.body)).toEqual({ detail: databaseUnavailableDetail });
  expect(answer.ms).toBeLessThan(within);
}

/** Calls the site over and over for `ms`; every answer must be an honest, prompt 503. */
async function expectOutageAnswers(ms: number): Promise<{ rounds: number; slowestMs: number }> {
  const until = Date.now() + ms;
  let rounds = 0;
  let slowestMs = 0;
  while (Date.now() < until) {
    const [calls, live, ready] = await Promise.all([
      Promise.all(databaseCalls().map((options) => timed(site, options))),
      health('/health/live'),
      health('/health/ready'),
    ]);
    for (const answer of calls) expectUnavailable(answer, answerWithinMs);
    for (const answer of live) {
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ status: 'ok' });
    }
    // The probe waits about a second for the database, no more.
    for (const answer of ready) expectUnavailable(answer, 2000);
    slowestMs = Math.max(slowestMs, ...calls.map((answer) => answer.ms));
    rounds += 1;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { rounds, slowestMs };
}

/** Waits for every call and both readiness probes to answer as normal; the time it took. */
async function recovery(): Promise<number> {
  const started = Date.now();
  for (;;) {
    const [calls, ready] = await Promise.all([
      Promise.all(databaseCalls().map((options) => timed(site, options))),
      health('/health/ready'),
    ]);
    const statuses = [...calls, ...ready].map((answer) => answer.status);
    if (statuses.join() === '200,201,200,200,200') return Date.now() - started;
    if (Date.now() - started > recoverWithinMs) {
      throw new Error(`not recovered ${String(recoverWithinMs)} ms after the database returned: ${statuses.join()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a database outage', () => {
  it('everything answers before it', async () => {
    expect(await recovery()).toBeLessThan(1000);
  });

  it('stopped: calls answer 503 with Retry-After at once, both ports stay live, all recovers within 5 s', async () => {
    await own.halt();
    const outage = await expectOutageAnswers(outageMs);
    expect(outage.rounds).toBeGreaterThan(5);
    await own.restart();
    expect(await recovery()).toBeLessThan(recoverWithinMs);
  }, 60_000);

  it('frozen: calls answer 503 with Retry-After within seconds, never hang, all recovers within 5 s', async () => {
    // A busy node's pool: all ten connections open and idle when the database freezes.
    await Promise.all(Array.from({ length: 10 }, () => database.db.execute(sql`SELECT pg_sleep(0.2)`)));
    await own.pause();
    // More transactions than the pool has connections, begun on the frozen database: each must
    // give its connection back, or the pool stays empty after the database returns.
    const transactions = Promise.allSettled(
      Array.from({ length: 12 }, () => database.db.transaction((tx) => tx.execute(sql`SELECT 1`))),
    );
    const outage = await expectOutageAnswers(outageMs);
    for (const outcome of await transactions) {
      expect(outcome.status).toBe('rejected');
      expect(isDatabaseUnavailable((outcome as PromiseRejectedResult).reason)).toBe(true);
    }
    expect(outage.rounds).toBeGreaterThan(1);
    await own.resume();
    expect(await recovery()).toBeLessThan(recoverWithinMs);
  }, 60_000);

  it('never took the TV off the air: every playlist 200, by the rules, promptly, the whole time', () => {
    expect(viewer.watch.violations).toEqual([]);
    expect([...viewer.statuses.keys()], viewer.reports.join('\n')).toEqual([200]);
    // About one fetch a second through both outages and the recoveries.
    expect(viewer.watch.onAir).toBeGreaterThan(35);
    expect(viewer.slowestMs).toBeLessThan(1000);
  });
});
