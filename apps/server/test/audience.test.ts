// The audience as an operator reads it in the metrics: the players following each live stream,
// counted from their fetches of its media playlist (an address and a user agent once), rising as
// players join and falling a window after they stop; a master playlist, an off-air answer and a
// player's repeated fetches add nobody. Then as the studio reads it with two nodes on one database:
// the same figure now on both, kept in minute buckets, rolled up into hours.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { audienceLimits, mainChannels, radioStreamPath, tvStreamPath, videoSubtitleStreamPath } from '@efir/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { video, videoCategory } from '../src/db/schema/index.ts';
import { instantOf } from '../src/lib/clock.ts';
import { createLiveChannels } from '../src/live/live-channels.ts';
import { buildMediaApp } from '../src/media-app.ts';
import { type Audience, createAudience } from '../src/audience/audience.ts';
import { rollUpAudience } from '../src/repositories/audience.ts';
import { useItem } from '../src/repositories/catalogues.ts';
import { audienceWindowMs } from '../src/metrics/audience.ts';
import { createSiteMetrics, type SiteMetrics } from '../src/metrics/site-metrics.ts';
import { replaceScheduleDay } from '../src/repositories/live.ts';
import { testDatabase } from './database.ts';
import { writeMediaPlaylist } from './media-fixtures.ts';
import { testTimeZone } from './postgres.ts';

const work = mkdtempSync(join(tmpdir(), 'efir-audience-'));
const mediaDir = join(work, 'media');
const day = '2031-07-07';

describe('the audience', () => {
  let database: Database;
  let mediaApp: FastifyInstance;
  let metrics: SiteMetrics;
  let base = '';
  let otherMetrics: SiteMetrics;
  let otherApp: FastifyInstance;
  let otherBase = '';
  let nodes: Audience[] = [];
  let itemId = 0;
  let now = instantOf(testTimeZone, day, '12:00:20');

  beforeAll(async () => {
    database = await testDatabase('pglite', 'migrated');
    const db = database.db;
    writeMediaPlaylist(mediaDir, 'filler/tv/720', 8, 1);
    writeMediaPlaylist(mediaDir, 'v/long/720', 600);
    const [category] = await db.insert(videoCategory).values({ name: 'Проверка' }).returning();
    const [item] = await db
      .insert(video)
      .values({
        name: 'Долгая передача',
        categoryId: category!.id,
        durationSeconds: 600,
        mediaReadyAt: new Date(instantOf(testTimeZone, day, '00:00:00')),
        masterPlaylist: '/media/v/long/master.m3u8',
      })
      .returning();
    await replaceScheduleDay(db, mainChannels.tv, day, {
      startsAt: '12:00:00',
      finishedText: '',
      items: [{ mediaId: item!.id, startsAt: null, isAd: false, draft: 0 }],
    });
    const live = createLiveChannels({ db, mediaDir, timeZone: testTimeZone, planTtlMs: 0 });
    // Two nodes' media ports on the one database, each counting its own players.
    const mediaNode = async (nodeMetrics: SiteMetrics): Promise<[FastifyInstance, string]> => {
      const app = await buildMediaApp({
        mediaDir,
        allowedOrigins: [],
        live,
        clock: () => new Date(now),
        logger: false,
        metrics: nodeMetrics,
      });
      return [app, await app.listen({ port: 0, host: '127.0.0.1' })];
    };
    metrics = createSiteMetrics(() => now);
    [mediaApp, base] = await mediaNode(metrics);
    otherMetrics = createSiteMetrics(() => now);
    [otherApp, otherBase] = await mediaNode(otherMetrics);
    nodes = [
      createAudience({ db, counter: metrics.audience, node: 'a', clock: () => now, live }),
      createAudience({ db, counter: otherMetrics.audience, node: 'b', clock: () => now, live }),
    ];
    itemId = item!.id;
  });

  afterAll(async () => {
    await otherApp.close();
    await mediaApp.close();
    await database.close();
    rmSync(work, { recursive: true, force: true });
  });

  const play = async (path: string, player: string, node = base): Promise<number> =>
    (await fetch(`${node}${path}`, { headers: { 'user-agent': player } })).status;
  const audienceOf = async (path: string): Promise<number | undefined> => {
    const text = await metrics.registry.metrics();
    const line = text.split('\n').find((entry) => entry.startsWith(`efir_audience{stream="${path}"} `));
    return line === undefined ? undefined : Number(line.split(' ')[1]);
  };

  it('rises with the players following a stream and falls a window after they stop', async () => {
    const rung = tvStreamPath(0, 720);
    for (let i = 0; i < 5; i += 1) expect(await play(rung, `player ${String(i)}`)).toBe(200);
    // Fetched again every target duration: still five.
    now += 4000;
    for (let i = 0; i < 5; i += 1) await play(rung, `player ${String(i)}`);
    // A master is fetched once by a player that then follows a rung: nobody more.
    expect(await play(tvStreamPath(), 'player 5')).toBe(200);
    // Subtitles go with a picture already counted.
    expect(await play(videoSubtitleStreamPath('tv', 0, 'ru'), 'player 0')).toBe(200);
    expect(await audienceOf(rung)).toBe(5);
    expect(await audienceOf(tvStreamPath())).toBeUndefined();
    expect(await audienceOf(videoSubtitleStreamPath('tv', 0, 'ru'))).toBeUndefined();
    // Three more join; two of the first stop.
    now += 10_000;
    for (const i of [0, 1, 2, 5, 6, 7]) await play(rung, `player ${String(i)}`);
    expect(await audienceOf(rung)).toBe(8);
    now += audienceWindowMs - 5000;
    for (const i of [0, 1, 2, 5, 6, 7]) await play(rung, `player ${String(i)}`);
    expect(await audienceOf(rung)).toBe(6);
    // All stop: a window later, nobody.
    now += audienceWindowMs;
    expect(await audienceOf(rung)).toBe(0);
  });

  it('counts nobody for a channel off the air', async () => {
    const radio = radioStreamPath('m3u');
    expect(await play(radio, 'listener')).toBe(404);
    expect(await audienceOf(radio)).toBeUndefined();
  });

  it('is the same on both nodes, kept by the minute and rolled up into hours', async () => {
    const rung = tvStreamPath(0, 720);
    const copy = tvStreamPath(0, 360);
    // On the sample instants, as the nodes' timers take them.
    const sampleMs = audienceLimits.sampleSeconds * 1000;
    now = Math.ceil((now + 60_000) / 60_000) * 60_000;
    const minute = now;
    const everybodyPlays = async (): Promise<void> => {
      for (const i of [0, 1, 2]) expect(await play(rung, `a ${String(i)}`)).toBe(200);
      for (const i of [0, 1]) expect(await play(copy, `b ${String(i)}`, otherBase)).toBe(200);
    };
    const peak = 5;
    for (let sample = 0; sample < 60_000 / sampleMs; sample += 1) {
      await everybodyPlays();
      await Promise.all(nodes.map((node) => node.sample(now)));
      now += sampleMs;
    }
    now -= sampleMs;
    const tv = {
      players: peak,
      streams: [
        { shiftMinutes: 0, rung: '720', players: 3 },
        { shiftMinutes: 0, rung: '360', players: 2 },
      ],
    };
    // Each node: its own players this instant and the other's last sample.
    for (const node of nodes) expect((await node.now()).get('tv')).toEqual(tv);

    const visitor = { id: 'v'.repeat(22), address: '203.0.113.9', issuedAt: 0, established: true };
    expect(await useItem(database.db, 'video', itemId, visitor, 10, new Date(minute + 5000))).toBeDefined();

    const hour = 3_600_000;
    const report = await nodes[1]!.report(minute - hour, minute + 60_000);
    expect(report.stepSeconds).toBe(60);
    const at = report.times.indexOf(minute);
    const ofTv = report.channels.find((channel) => channel.channel === 'tv')!;
    expect([ofTv.average[at], ofTv.peak[at], ofTv.average[at - 1]]).toEqual([peak, peak, 0]);
    expect(report.activity.views[at]).toBe(1);
    expect(report.now.find((channel) => channel.channel === 'tv')).toMatchObject(tv);

    // A week on, the minute is an hour's: its player-seconds and peak kept.
    await rollUpAudience(database.db, minute + 60_000);
    now = minute + (audienceLimits.minuteDays + 1) * 24 * hour;
    const later = await nodes[0]!.report(minute - 2 * hour, minute + 2 * hour);
    expect(later.stepSeconds).toBe(3600);
    const inHour = later.times.indexOf(Math.floor(minute / hour) * hour);
    const tvLater = later.channels.find((channel) => channel.channel === 'tv')!;
    expect(tvLater.average[inHour]! * 3600).toBeCloseTo(peak * 60, 0);
    expect(tvLater.peak[inHour]).toBe(peak);
    expect(later.activity.views[inHour]).toBe(1);
    // Nobody now: the samples are old and the players gone.
    expect(later.now.find((channel) => channel.channel === 'tv')?.players).toBe(0);
  });
});
