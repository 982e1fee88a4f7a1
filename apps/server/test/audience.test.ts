// The audience as an operator reads it in the metrics: the players following each live stream,
// counted from their fetches of its media playlist (an address and a user agent once), rising as
// players join and falling a window after they stop; a master playlist, an off-air answer and a
// player's repeated fetches add nobody.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mainChannels, radioStreamPath, tvStreamPath, videoSubtitleStreamPath } from '@efir/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { video, videoCategory } from '../src/db/schema/index.ts';
import { instantOf } from '../src/lib/clock.ts';
import { createLiveChannels } from '../src/live/live-channels.ts';
import { buildMediaApp } from '../src/media-app.ts';
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
    metrics = createSiteMetrics(() => now);
    mediaApp = await buildMediaApp({
      mediaDir,
      allowedOrigins: [],
      live,
      clock: () => new Date(now),
      logger: false,
      metrics,
    });
    base = await mediaApp.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await mediaApp.close();
    await database.close();
    rmSync(work, { recursive: true, force: true });
  });

  const play = async (path: string, player: string): Promise<number> =>
    (await fetch(`${base}${path}`, { headers: { 'user-agent': player } })).status;
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
});
