// The live channels end to end on a fake clock: real ingested media, a schedule across midnight,
// the live playlists on the media port and the live-state calls, on every backend.
import { adminPrefix, apiPrefix } from '@efir/contract';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { buildMediaApp } from '../src/media-app.ts';
import { inProcessBus } from '../src/bus/bus.ts';
import type { Database } from '../src/db/database.ts';
import { radioprogram, radioprogramItem, teleprogram, teleprogramItem, ticker, video } from '../src/db/schema/index.ts';
import { instantOf } from '../src/lib/clock.ts';
import { endedGraceMs } from '../src/live/live-playlist.ts';
import { createLiveChannels, type LiveChannels } from '../src/live/live-channels.ts';
import { ingestRadio, ingestVideo } from '../src/media/ingest.ts';
import { findItem } from '../src/repositories/catalogues.ts';
import { describeOnBackends, testDatabase } from './database.ts';
import { liveTestBed, makeClip } from './media-fixtures.ts';
import { expectLiveSuccessor, type ParsedPlaylist, parsePlaylist } from './playlist-check.ts';
import { testTimeZone } from './postgres.ts';

const dayA = '2030-03-10';
const dayB = '2030-03-11';
const at = (time: string, date = dayA): number => instantOf(testTimeZone, date, time);
const work = mkdtempSync(join(tmpdir(), 'efir-live-'));

describeOnBackends('live channels', (backend) => {
  const mediaDir = join(work, backend, 'media');
  let database: Database;
  let now = at('23:59:00');
  const clock = () => new Date(now);
  let live: LiveChannels;
  let app: FastifyInstance;
  let mediaApp: FastifyInstance;
  // The rows the day is written from.
  const ids = { v1: 0, v2: 0, v3: 0, r1: 0, r2: 0, teleA: 0, teleB: 0, radioA: 0, radioB: 0 };
  const tickers = { v1: 0, all: 0 };

  beforeAll(async () => {
    database = await testDatabase(backend, 'migrated');
    const db = database.db;
    const { tools, context, videoCategoryId, radioCategoryId } = await liveTestBed(db, mediaDir);
    const clip = (name: string, seconds: number): string => {
      const file = join(work, backend, `${name}.mp4`);
      makeClip(tools.ffmpeg, file, { seconds, size: '320x180' });
      return file;
    };
    const eight = clip('eight', 8);
    const six = clip('six', 6);
    const videoIn = { categoryId: videoCategoryId };
    const radioIn = { categoryId: radioCategoryId };
    ids.v1 = await ingestVideo(context, { ...videoIn, file: eight, name: 'Первый', draft: 1 });
    ids.v2 = await ingestVideo(context, { ...videoIn, file: six, name: 'Второй' });
    ids.r1 = await ingestRadio(context, { ...radioIn, file: eight, name: 'Первая', author: 'А' });
    ids.r2 = await ingestRadio(context, { ...radioIn, file: six, name: 'Вторая', author: 'Б', draft: 1 });
    const [v3] = await db
      .insert(video)
      .values({ name: 'Снят с эфира', categoryId: videoCategoryId, draft: 2, durationSeconds: 5 })
      .returning();
    ids.v3 = v3!.id;

    // TV, day A from 23:59:30: v1 8 s, an ad (v2) 6 s, a draft-2 video, a gap until v2 at 23:59:50,
    // then v1 from 23:59:56, cut at midnight by day B: v2, a gap, v1 at 00:00:10, over at 00:00:18.
    const dayAStart = { day: dayA, startsAt: '23:59:30', finishedText: 'Конец' };
    const [teleA] = await db.insert(teleprogram).values(dayAStart).returning();
    const [teleB] = await db.insert(teleprogram).values({ day: dayB, startsAt: '00:00:00' }).returning();
    [ids.teleA, ids.teleB] = [teleA!.id, teleB!.id];
    await db.insert(teleprogramItem).values([
      { teleprogramId: ids.teleA, position: 0, videoId: ids.v1 },
      { teleprogramId: ids.teleA, position: 1, videoId: ids.v2, isAd: true },
      { teleprogramId: ids.teleA, position: 2, videoId: ids.v3 },
      { teleprogramId: ids.teleA, position: 3, videoId: ids.v2, startsAt: '23:59:50' },
      { teleprogramId: ids.teleA, position: 4, videoId: ids.v1 },
      { teleprogramId: ids.teleB, position: 0, videoId: ids.v2 },
      { teleprogramId: ids.teleB, position: 1, videoId: ids.v1, startsAt: '00:00:10' },
    ]);
    const [tickerV1, tickerAll] = await db
      .insert(ticker)
      .values([
        { teleprogramId: ids.teleA, videoId: ids.v1, message: 'О первом', startsAt: '23:59:31' },
        { teleprogramId: ids.teleA, videoId: null, message: 'Обо всём', startsAt: '23:59:32' },
      ])
      .returning();
    tickers.v1 = tickerV1!.id;
    tickers.all = tickerAll!.id;

    // Radio, day A from 23:59:40: r1 8 s, r2 6 s; day B from midnight: r1.
    const [radioA] = await db.insert(radioprogram).values({ day: dayA, startsAt: '23:59:40' }).returning();
    const [radioB] = await db.insert(radioprogram).values({ day: dayB, startsAt: '00:00:00' }).returning();
    [ids.radioA, ids.radioB] = [radioA!.id, radioB!.id];
    await db.insert(radioprogramItem).values([
      { radioprogramId: ids.radioA, position: 0, radioId: ids.r1 },
      { radioprogramId: ids.radioA, position: 1, radioId: ids.r2 },
      { radioprogramId: ids.radioB, position: 0, radioId: ids.r1 },
    ]);

    live = createLiveChannels({ db, mediaDir, timeZone: testTimeZone, planTtlMs: 0 });
    const bus = inProcessBus();
    app = await buildApp({
      config: { timeZone: testTimeZone, logLevel: 'silent' },
      db,
      bus,
      clock,
      live,
      mediaDir,
      logger: false,
      webDist: '/nonexistent',
      admin: { token: 'admin-secret', onQueued: () => undefined },
    });
    app.addHook('onClose', () => bus.close());
    mediaApp = await buildMediaApp({ mediaDir, allowedOrigins: [], live, clock, logger: false });
  }, 180_000);

  afterAll(async () => {
    await app.close();
    await mediaApp.close();
    await database.close();
  });

  const call = async (method: 'GET' | 'PUT' | 'PATCH', url: string) => {
    const response = await app.inject({ method, url: `${apiPrefix}${url}` });
    return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
  };
  const fetchPlaylist = async (url: string) => {
    const response = await mediaApp.inject({ method: 'GET', url });
    return { status: response.statusCode, text: response.body, type: response.headers['content-type'] };
  };

  describe('run state', () => {
    it('follows the TV day item by item: ads air, draft 2 never does, the gap waits for the next item', async () => {
      const states: [string, string, number, number][] = [
        ['23:59:29', dayA, 0, 0],
        ['23:59:30', dayA, 1, 0],
        ['23:59:37', dayA, 1, 0],
        ['23:59:38', dayA, 1, 1],
        ['23:59:45', dayA, 1, 3],
        ['23:59:50', dayA, 1, 3],
        ['23:59:56', dayA, 1, 4],
      ];
      for (const [time, date, status, index] of states) {
        expect(await live.tv.runState(date, at(time)), time).toEqual({ status, index });
      }
      // Day B starts at midnight and cuts day A's last item short.
      expect(await live.tv.runState(dayA, at('00:00:00', dayB))).toEqual({ status: 4, index: 5 });
      expect(await live.tv.runState(dayB, at('00:00:00', dayB))).toEqual({ status: 1, index: 0 });
      expect(await live.tv.runState(dayB, at('00:00:07', dayB))).toEqual({ status: 1, index: 1 });
      expect(await live.tv.runState(dayB, at('00:00:18', dayB))).toEqual({ status: 4, index: 2 });
    });

    it('calls the radio active on an item (1) and between items (4), off air otherwise (0)', async () => {
      expect(await live.radio.runState(dayA, at('23:59:39'))).toEqual({ status: 0, index: 0 });
      expect(await live.radio.runState(dayA, at('23:59:41'))).toEqual({ status: 1, index: 0 });
      expect(await live.radio.runState(dayA, at('23:59:49'))).toEqual({ status: 1, index: 1 });
      expect(await live.radio.runState(dayA, at('23:59:55'))).toEqual({ status: 0, index: 2 });
    });
  });

  describe('live playlists', () => {
    it('air, segment by segment, the item the calls name: the strip and the stream agree', async () => {
      const folders = new Map<number, string>();
      for (const id of [ids.v1, ids.v2]) {
        const link = (await call('PATCH', `/get/video/${id}/`)).body.link_video as string;
        folders.set(id, link.slice(0, link.lastIndexOf('/')));
      }
      const items = [ids.v1, ids.v2, ids.v3, ids.v2, ids.v1];
      for (let t = at('23:59:30'); t < at('23:59:58'); t += 1000) {
        const state = await live.tv.runState(dayA, t);
        const window = parsePlaylist((await live.tv.playlists.playlist(t, 720))?.text ?? '').segments;
        // The segment that airs at t: the last one started by t.
        const airing = window.filter((segment) => Date.parse(segment.date) <= t).at(-1);
        const expected = state.index === 3 && t < at('23:59:50') ? undefined : folders.get(items[state.index] ?? 0);
        const time = new Date(t).toISOString();
        if (expected === undefined) expect(airing?.uri, time).toMatch(/^\/media\/filler\//u);
        else expect(airing?.uri.startsWith(`${expected}/`), `${time}: ${airing?.uri ?? ''}`).toBe(true);
      }
    });

    it('obey RFC 8216 fetch after fetch across items, gaps, the cut and midnight, and every segment loads', async () => {
      let previous: ParsedPlaylist | undefined;
      const loaded = new Set<string>();
      for (let t = at('23:59:30'); t <= at('00:00:18', dayB); t += 1000) {
        now = t;
        const answer = await fetchPlaylist('/tv/480/stream.m3u8');
        expect(answer.status, new Date(t).toISOString()).toBe(200);
        expect(answer.type).toBe('application/vnd.apple.mpegurl');
        const current = parsePlaylist(answer.text);
        expectLiveSuccessor(previous, current, 4);
        expect(answer.text).not.toMatch(/#EXT-X-DISCONTINUITY-SEQUENCE:\d+\n#EXT-X-DISCONTINUITY\n/u);
        for (const segment of current.segments) {
          expect(segment.uri).toMatch(/^\/media\/(v\/[^/]+\/480\/seg|filler\/tv\/480\/(seg|long))_\d{5}\.ts$/u);
          if (loaded.has(segment.uri)) continue;
          const media = await mediaApp.inject({ method: 'GET', url: segment.uri });
          expect(media.statusCode, segment.uri).toBe(200);
          loaded.add(segment.uri);
        }
        previous = current;
      }
      expect(previous?.ended).toBe(true);
    });

    it('starts each item on air at its scheduled time, by the date-time of its first segment', async () => {
      now = at('00:00:12', dayB);
      const window = parsePlaylist((await fetchPlaylist('/tv/720/stream.m3u8')).text).segments;
      const first = window.find(
        (segment) => segment.uri.includes('/v/') && segment.date === '2030-03-10T21:00:10.000Z',
      );
      expect(first, 'v1 starts at 00:00:10 Moscow time').toBeDefined();
      now = at('23:59:51');
      const fixed = parsePlaylist((await fetchPlaylist('/tv/720/stream.m3u8')).text).segments;
      expect(fixed.some((s) => s.date === '2030-03-10T20:59:50.000Z' && s.uri.includes('/v/'))).toBe(true);
    });

    it('numbers the same after a restart, and a second node answers the same bytes', async () => {
      const instants = [at('23:59:44'), at('23:59:59'), at('00:00:03', dayB), at('00:00:15', dayB)];
      const first: string[] = [];
      for (const t of instants) first.push((await live.tv.playlists.playlist(t, 720))?.text ?? '');
      // A fresh node, asked first after midnight, reads day B's base from the database.
      const other = createLiveChannels({ db: database.db, mediaDir, timeZone: testTimeZone, planTtlMs: 0 });
      const later: string[] = [];
      for (const t of [...instants].reverse()) later.unshift((await other.tv.playlists.playlist(t, 720))?.text ?? '');
      expect(later).toEqual(first);
      expect(first.every((text) => text.startsWith('#EXTM3U'))).toBe(true);
    });

    it('names the three rungs in the master playlist, and answers the radio in both forms', async () => {
      now = at('23:59:45');
      const master = await fetchPlaylist('/tv/stream.m3u8');
      expect(master.status).toBe(200);
      expect(master.text.match(/^\d+\/stream\.m3u8$/gmu)).toEqual([
        '720/stream.m3u8',
        '480/stream.m3u8',
        '360/stream.m3u8',
      ]);
      const m3u = await fetchPlaylist('/radio/m3u/stream.m3u8');
      expect(m3u.status).toBe(200);
      expect(parsePlaylist(m3u.text).segments.at(-1)?.uri).toMatch(/^\/media\/r\/[^/]+\/seg_\d{5}\.ts$/u);
      const apple = await fetchPlaylist('/radio/apple/stream.m3u8');
      expect(apple.text).toContain('CODECS="mp4a.40.2"');
      expect(apple.text.trim().split('\n').at(-1)).toBe('audio.m3u8');
      expect((await fetchPlaylist('/radio/apple/audio.m3u8')).text).toBe(m3u.text);
    });

    it('closes an ended day with EXT-X-ENDLIST for a while, then answers 404 off air', async () => {
      now = at('00:00:30', dayB);
      const ended = await fetchPlaylist('/tv/720/stream.m3u8');
      expect(ended.status).toBe(200);
      expect(ended.text.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
      now = at('00:00:18', dayB) + endedGraceMs;
      expect((await fetchPlaylist('/tv/720/stream.m3u8')).status).toBe(404);
      expect((await fetchPlaylist('/tv/stream.m3u8')).status).toBe(404);
      now = at('12:00:00', '2030-03-12');
      expect((await fetchPlaylist('/radio/m3u/stream.m3u8')).status).toBe(404);
    });
  });

  describe('writing a day', () => {
    const put = (url: string, body: unknown, token = 'admin-secret') =>
      app.inject({
        method: 'PUT',
        url: `${adminPrefix}${url}`,
        headers: { authorization: `Bearer ${token}` },
        payload: body as object,
      });

    it('puts a new day on air at once, and refuses what does not fit with a reason', async () => {
      now = at('10:00:05', '2030-03-12');
      expect((await call('GET', '/get/teleprogram/today/')).body).toBe('none');
      const written = await put('/schedule/tv/2030-03-12', {
        startsAt: '10:00:00',
        items: [{ id: ids.v2 }, { id: ids.v1, startsAt: '10:00:20' }],
        tickers: [{ message: 'Новый день', startsAt: '10:00:01' }],
      });
      expect(written.statusCode).toBe(200);
      const today = (await call('GET', '/get/teleprogram/today/')).body;
      expect(today).toMatchObject({ status: 1, index: 0, date_to_start: '2030-03-12', time_to_start: '10:00:00' });
      expect((await call('GET', `/get/live-stroka/${String(today.id)}/`)).body).toEqual([
        expect.objectContaining({ message: 'Новый день', video_content_id: null, start_time: '10:00:01' }),
      ]);
      expect((await fetchPlaylist('/tv/720/stream.m3u8')).status).toBe(200);

      const bad = await put('/schedule/tv/2030-03-12', { startsAt: '25:00:00', items: [] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ detail: string }>().detail).toMatch(/startsAt/u);
      const unknown = await put('/schedule/tv/2030-03-12', { items: [{ id: 999_999 }] });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json<{ detail: string }>().detail).toMatch(/нет видео № 999999/u);
      expect((await put('/schedule/tv/2030-03-12', { items: [] }, 'wrong')).statusCode).toBe(401);
      // What was refused changed nothing.
      expect((await call('GET', '/get/teleprogram/today/')).body).toMatchObject({ id: today.id, status: 1 });
    });
  });

  describe('rewriting the day on air', () => {
    it('keeps what is listed and airs the new day from the next boundary after it', async () => {
      now = at('10:00:05', '2030-04-20');
      const put = (items: { id: number }[]) =>
        app.inject({
          method: 'PUT',
          url: `${adminPrefix}/schedule/tv/2030-04-20`,
          headers: { authorization: 'Bearer admin-secret' },
          payload: { startsAt: '10:00:00', items },
        });
      const folderOf = async (id: number): Promise<string> =>
        ((await findItem(database.db, 'video', id))?.masterPlaylist ?? '').replace(/master\.m3u8$/u, '720/');
      const alternate = (a: number, b: number) => [a, b, a, b, a, b].map((id) => ({ id }));
      expect((await put(alternate(ids.v2, ids.v1))).statusCode).toBe(200);
      const before = await fetchPlaylist('/tv/720/stream.m3u8');
      expect(parsePlaylist(before.text).segments[0]?.uri.startsWith(await folderOf(ids.v2))).toBe(true);
      // The same instant after the rewrite: the same bytes, whatever the new day says.
      const written = await put(alternate(ids.v1, ids.v2));
      expect(written.statusCode).toBe(200);
      const same = await fetchPlaylist('/tv/720/stream.m3u8');
      expect(same.text).toBe(before.text);
      // Once what was listed has aired, the new order airs as the wall clock has it: v1 at 14–22 s.
      now = at('10:00:20', '2030-04-20');
      const after = parsePlaylist((await fetchPlaylist('/tv/720/stream.m3u8')).text);
      expectLiveSuccessor(parsePlaylist(before.text), after, 4);
      expect(after.segments.at(-1)?.uri.startsWith(await folderOf(ids.v1))).toBe(true);
      expect(after.segments.at(-1)?.date).toBe(new Date(at('10:00:18', '2030-04-20')).toISOString());
    });
  });

  describe('live-state calls', () => {
    it('answer today, the run status and the time from the clock', async () => {
      now = at('23:59:39');
      const today = await call('GET', '/get/teleprogram/today/');
      expect(today.body).toEqual({
        id: ids.teleA,
        status: 1,
        index: 1,
        date_to_start: dayA,
        time_to_start: '23:59:30',
        finished_text: 'Конец',
      });
      expect((await call('GET', '/get/status/teleprogram/run/')).body).toEqual(today.body);
      expect((await call('GET', '/get/time-live/')).body).toEqual({ Time: '23:59:39' });
      now = at('00:00:20', dayB);
      expect((await call('GET', '/get/teleprogram/today/')).body).toMatchObject({ id: ids.teleB, status: 4, index: 2 });
      now = at('12:00:00', '2030-03-13');
      expect((await call('GET', '/get/teleprogram/today/')).body).toBe('none');
      expect((await call('GET', '/get/radioprogram/today/')).body).toBe('none');
    });

    it('never move a channel ahead of its clock, whatever index is asked for', async () => {
      now = at('23:59:31');
      const next = await call('PUT', `/get/teleprogram/next/${ids.teleA}/4/`);
      expect(next.body).toMatchObject({ id: ids.teleA, status: 1, index: 0 });
      expect((await call('GET', '/get/status/teleprogram/run/')).body).toMatchObject({ index: 0 });
      const radioNext = await call('PATCH', `/get/radioprogram/next/radio/${ids.radioA}/9/`);
      expect(radioNext.body).toMatchObject({ id: ids.radioA, status: 0, index: 0 });
      expect((await call('PUT', '/get/teleprogram/next/999999/1/')).status).toBe(404);
    });

    it('publish only what has finished airing', async () => {
      now = at('23:59:35');
      const early = await call('PATCH', `/video/update/status/${ids.v1}/0/`);
      expect(early.status).toBe(409);
      expect(early.body.detail).toMatch(/not finished airing/u);
      expect((await call('PATCH', `/get/video/${ids.v1}/`)).body.draft).toBe(1);
      now = at('23:59:39');
      const aired = await call('PATCH', `/video/update/status/${ids.v1}/0/`);
      expect(aired.status).toBe(200);
      expect(aired.body.draft).toBe(0);
      // A draft-2 video never airs, so it is never published.
      expect((await call('PATCH', `/video/update/status/${ids.v3}/0/`)).status).toBe(409);
      now = at('23:59:50');
      expect((await call('PATCH', `/radio/update/status/${ids.r2}/0/`)).status).toBe(409);
      now = at('23:59:55');
      expect((await call('PATCH', `/radio/update/status/${ids.r2}/0/`)).body.draft).toBe(0);
    });

    it('give the tickers of the item on air and of the whole programme', async () => {
      now = at('23:59:31');
      const during = (await call('GET', `/get/live-stroka/${ids.teleA}/`)).body as unknown as { id: number }[];
      expect(during.map((t) => t.id).sort()).toEqual([tickers.v1, tickers.all].sort());
      now = at('23:59:40');
      const after = (await call('GET', `/get/live-stroka/${ids.teleA}/`)).body as unknown as {
        id: number;
        video_content_id: number | null;
      }[];
      expect(after).toEqual([expect.objectContaining({ id: tickers.all, video_content_id: null })]);
    });

    it('show a day as on air only while it is', async () => {
      now = at('23:59:45');
      expect((await call('GET', `/get/teleprogram/videos/withads/${ids.teleA}/`)).body.show).toBe(true);
      expect((await call('GET', `/get/teleprogram/videos/withads/${ids.teleB}/`)).body.show).toBe(false);
      expect((await call('GET', `/check/radioprogram/show/${ids.radioA}/`)).body).toEqual({ show: true });
      now = at('00:00:30', dayB);
      expect((await call('GET', `/check/radioprogram/show/${ids.radioB}/`)).body).toEqual({ show: false });
    });
  });
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});
