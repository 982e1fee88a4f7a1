// The live channels' rewind form and their regional time-shifted copies on a fake clock, through
// the media port: what a player gets when it asks for the channel as it aired from an instant, and
// what each copy airs against the channel it copies.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { radioStreamPath, rewindQuery, tvStreamPath, mainChannels } from '@efir/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildMediaApp } from '../src/media-app.ts';
import type { Database } from '../src/db/database.ts';
import { airedFrontier, radio, radioCategory, video, videoCategory } from '../src/db/schema/index.ts';
import { instantOf } from '../src/lib/clock.ts';
import { createLiveChannels, type LiveChannels } from '../src/live/live-channels.ts';
import { liveStreams } from '../src/live/live-stream-routes.ts';
import { targetDuration } from '../src/live/live-playlist.ts';
import { replaceScheduleDay } from '../src/repositories/live.ts';
import { describeOnBackends, testDatabase } from './database.ts';
import { writeMediaPlaylist } from './media-fixtures.ts';
import { expectLiveSuccessor, type ParsedPlaylist, parsePlaylist } from './playlist-check.ts';
import { testTimeZone } from './postgres.ts';

const work = mkdtempSync(join(tmpdir(), 'efir-rewind-'));
const day = '2031-06-14';
const at = (time: string): number => instantOf(testTimeZone, day, time);
const hour = 3_600_000;
const seconds = (ms: number): number => Math.floor(ms / 1000);

/** The instant a player starts at: the first segment's date plus EXT-X-START's offset. */
function startInstant(text: string, parsed: ParsedPlaylist): number {
  const offset = Number(/#EXT-X-START:TIME-OFFSET=([\d.]+),PRECISE=YES/u.exec(text)?.[1]);
  return Date.parse(parsed.segments[0]?.date ?? '') + offset * 1000;
}

describeOnBackends('rewinding the live channels', (backend) => {
  const mediaDir = join(work, backend, 'media');
  let database: Database;
  let now = at('12:00:00');
  const clock = () => new Date(now);
  let node: FastifyInstance;
  let nodeLive: LiveChannels;
  let other: FastifyInstance;

  const get = async (path: string, app = node) => {
    const answer = await app.inject({ method: 'GET', url: path });
    return { status: answer.statusCode, text: answer.body, headers: answer.headers };
  };

  beforeAll(async () => {
    database = await testDatabase(backend, 'migrated');
    const db = database.db;
    writeMediaPlaylist(mediaDir, 'filler/tv/720', 8, 1);
    writeMediaPlaylist(mediaDir, 'filler/radio', 8, 1);
    const [videoCat] = await db.insert(videoCategory).values({ name: 'Проверка' }).returning();
    const [radioCat] = await db.insert(radioCategory).values({ name: 'Проверка' }).returning();
    const videos: number[] = [];
    const radios: number[] = [];
    // Six media of 7 to 25 minutes, the last segment of each shorter than the rest.
    for (let i = 0; i < 6; i += 1) {
      const length = 7 * 60 + i * 211 + 2.5;
      writeMediaPlaylist(mediaDir, `v/m${i}/720`, length);
      writeMediaPlaylist(mediaDir, `r/m${i}`, length);
      const common = { durationSeconds: Math.round(length), mediaReadyAt: new Date(at('00:00:00')) };
      const [v] = await db
        .insert(video)
        .values({
          ...common,
          name: `Видео ${i}`,
          categoryId: videoCat!.id,
          masterPlaylist: `/media/v/m${i}/master.m3u8`,
        })
        .returning();
      const [r] = await db
        .insert(radio)
        .values({ ...common, name: `Радио ${i}`, categoryId: radioCat!.id, audioPlaylist: `/media/r/m${i}/index.m3u8` })
        .returning();
      videos.push(v!.id);
      radios.push(r!.id);
    }
    // A day from 06:00 to past 23:00 on both channels, and a fixed-time item at 14:00:00.
    const items = (ids: number[]) =>
      Array.from({ length: 70 }, (_, i) => ({
        mediaId: ids[(i * 5) % ids.length]!,
        startsAt: i === 30 ? '14:00:00' : null,
        isAd: false,
        draft: 0,
      }));
    for (const [channel, ids] of [
      ['tv', videos],
      ['radio', radios],
    ] as const) {
      await replaceScheduleDay(db, mainChannels[channel], day, {
        startsAt: '06:00:00',
        finishedText: '',
        items: items(ids),
      });
    }
    const nodeLives = [0, 1].map(() =>
      createLiveChannels({ db, mediaDir, timeZone: testTimeZone, shifts: { tv: [-60, 240], radio: [240] } }),
    );
    nodeLive = nodeLives[0]!;
    const [first, second] = await Promise.all(
      nodeLives.map((live) => buildMediaApp({ mediaDir, allowedOrigins: [], live, clock, logger: false })),
    );
    node = first!;
    other = second!;
  }, 60_000);

  afterAll(async () => {
    await node.close();
    await other.close();
    await database.close();
    rmSync(join(work, backend), { recursive: true, force: true });
  });

  it('starts where it is asked, at several offsets up to the window, and grows like live', async () => {
    now = at('12:00:00');
    for (const back of [0, 3000, 4000, 10 * 60_000 + 1234, hour, 2 * hour + 17_000, 3 * hour - 60_000]) {
      const from = seconds(now - back) * 1000;
      const path = `${tvStreamPath(0, 720)}${rewindQuery(from / 1000)}`;
      let previous: ParsedPlaylist | undefined;
      const asked = now;
      for (let second = 0; second <= 30; second += 1) {
        now = asked + second * 1000;
        const answer = await get(path);
        expect(answer.status, `${path} at +${String(second)} s`).toBe(200);
        const parsed = parsePlaylist(answer.text);
        expectLiveSuccessor(previous, parsed, targetDuration);
        // The first segment stays, the instant asked for within it; the last is the live edge.
        const first = parsed.segments[0]!;
        // Players start at the instant asked for, or at an item's first frame when it is in its first segment.
        const beginsItem = /^\/media\/[vr]\/.*seg_00000\.ts$/u.test(first.uri);
        expect(startInstant(answer.text, parsed)).toBe(beginsItem ? Date.parse(first.date) : from);
        expect(Date.parse(first.date)).toBeLessThanOrEqual(from);
        expect(Date.parse(first.date) + first.duration * 1000).toBeGreaterThan(from);
        if (previous !== undefined) expect(parsed.mediaSequence).toBe(previous.mediaSequence);
        const last = parsed.segments.at(-1)!;
        expect(Date.parse(last.date)).toBeLessThanOrEqual(now);
        expect(Date.parse(last.date) + last.duration * 1000).toBeGreaterThan(now);
        expect(parsed.ended).toBe(false);
        expect(answer.text).not.toContain('#EXT-X-PLAYLIST-TYPE');
        previous = parsed;
      }
      now = asked;
    }
  });

  it('gives the date of the instant asked for to the first segment when it starts one', async () => {
    now = at('12:00:00');
    const live = parsePlaylist((await get(tvStreamPath(0, 720))).text);
    const boundary = Date.parse(live.segments[0]!.date);
    const answer = await get(`${tvStreamPath(0, 720)}${rewindQuery(boundary / 1000)}`);
    const parsed = parsePlaylist(answer.text);
    expect(parsed.segments[0]!.date).toBe(new Date(boundary).toISOString());
    expect(answer.text).toContain('#EXT-X-START:TIME-OFFSET=0.000,PRECISE=YES');
    // The live window's segments, with their numbers, are the rewound playlist's last ones.
    expect(parsed.segments.slice(0, live.segments.length)).toEqual(live.segments);
    // Asked for within an item's first segment, it starts at the item's first frame.
    const hour = parsePlaylist((await get(`${tvStreamPath(0, 720)}${rewindQuery(seconds(now - 3_600_000))}`)).text);
    const itemStart = hour.segments.find((segment) => /^\/media\/v\/.*seg_00000\.ts$/u.test(segment.uri));
    expect(itemStart).toBeDefined();
    const within = await get(`${tvStreamPath(0, 720)}${rewindQuery(Date.parse(itemStart!.date) / 1000 + 2)}`);
    expect(parsePlaylist(within.text).segments[0]).toEqual(itemStart);
    expect(within.text).toContain('#EXT-X-START:TIME-OFFSET=0.000,PRECISE=YES');
  });

  it('closes a range that aired whole: a VOD playlist from its start to its end', async () => {
    now = at('12:00:00');
    const from = at('10:20:00');
    const until = at('10:50:00');
    const answer = await get(`${radioStreamPath('m3u')}${rewindQuery(from / 1000, until / 1000)}`);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=3600');
    const parsed = parsePlaylist(answer.text);
    expect(parsed.ended).toBe(true);
    expect(answer.text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(startInstant(answer.text, parsed)).toBe(from);
    const last = parsed.segments.at(-1)!;
    expect(Date.parse(last.date)).toBeLessThan(until);
    expect(Date.parse(last.date) + last.duration * 1000).toBeGreaterThanOrEqual(until);
    // An hour later it is the same bytes.
    now += hour;
    expect((await get(`${radioStreamPath('m3u')}${rewindQuery(from / 1000, until / 1000)}`)).text).toBe(answer.text);
  });

  it('grows a range still airing until its end, then closes it', async () => {
    now = at('12:00:00');
    const from = now - 60_000;
    const until = now + 10_000;
    const path = `${tvStreamPath(0, 360)}${rewindQuery(from / 1000, until / 1000)}`;
    const open = parsePlaylist((await get(path)).text);
    expect(open.ended).toBe(false);
    now += 20_000;
    const closed = parsePlaylist((await get(path)).text);
    expect(closed.ended).toBe(true);
    expect(closed.segments.slice(0, open.segments.length)).toEqual(open.segments);
  });

  it('answers the same bytes on every node', async () => {
    now = at('12:00:00');
    for (const path of [
      `${tvStreamPath(0, 480)}${rewindQuery(seconds(now - 2 * hour))}`,
      `${radioStreamPath('m3u')}${rewindQuery(seconds(now - 777_000))}`,
      `${tvStreamPath(240, 720)}${rewindQuery(seconds(now - hour))}`,
    ]) {
      const [a, b] = [await get(path), await get(path, other)];
      expect(a.status).toBe(200);
      expect(b.text).toBe(a.text);
    }
  });

  it('passes the rewind form on from the master playlists', async () => {
    now = at('12:00:00');
    const query = rewindQuery(seconds(now - hour));
    const master = await get(`${tvStreamPath()}${query}`);
    expect(master.status).toBe(200);
    expect(master.text).toContain(`720/stream.m3u8${query}\n`);
    expect(master.text).toContain(`360/stream.m3u8${query}\n`);
    const apple = await get(`${radioStreamPath('apple')}${query}`);
    expect(apple.text).toContain(`audio.m3u8${query}\n`);
    // The live master names its playlists bare.
    expect((await get(tvStreamPath())).text).toContain('720/stream.m3u8\n');
  });

  it('refuses what is outside the window, or not a time, with a clear 4xx', async () => {
    now = at('12:00:00');
    const cases: [string, number, RegExp][] = [
      [rewindQuery(seconds(now - 3 * hour) - 1), 410, /can be rewound 3 h: from 2031-06-14T06:00:00/u],
      [rewindQuery(seconds(now) + 5), 400, /later than now/u],
      [rewindQuery(seconds(now - hour), seconds(now - hour)), 400, /end must be later/u],
      ['?start=12h', 400, /Unix times in whole seconds/u],
      ['?start=-5', 400, /Unix times in whole seconds/u],
      [`?end=${String(seconds(now))}`, 400, /end needs a start/u],
    ];
    for (const [query, status, detail] of cases) {
      for (const path of [tvStreamPath(0, 720), tvStreamPath(), radioStreamPath('apple'), tvStreamPath(-60, 360)]) {
        const answer = await get(`${path}${query}`);
        expect(answer.status, `${path}${query}`).toBe(status);
        expect(answer.headers['content-type']).toMatch(/^application\/json/u);
        expect((JSON.parse(answer.text) as { detail: string }).detail).toMatch(detail);
      }
    }
    // The window's first instant is still in it.
    expect((await get(`${tvStreamPath(0, 720)}${rewindQuery(seconds(now - 3 * hour))}`)).status).toBe(200);
    // Anything else in the query is no rewind: the live playlist.
    expect((await get(`${tvStreamPath(0, 720)}?token=abc`)).text).toBe((await get(tvStreamPath(0, 720))).text);
  });

  it('airs on the +4 copy at T what the channel airs at T + 4 h, and on the -1 copy what it aired at T - 1 h', async () => {
    const segmentsAt = async (shift: number, instant: number) => {
      now = instant;
      const answer = await get(tvStreamPath(shift, 720));
      expect(answer.status, `${tvStreamPath(shift, 720)} at ${new Date(instant).toISOString()}`).toBe(200);
      return parsePlaylist(answer.text).segments;
    };
    // The clock only goes forward, as a real one: the -1 copy's instants first, then the +4 copy's.
    for (const shift of [-60, 240]) {
      for (const t of [at('12:00:00'), at('13:59:55'), at('15:31:07')]) {
        const [channel, copy] =
          shift < 0
            ? [await segmentsAt(0, t + shift * 60_000), await segmentsAt(shift, t)]
            : [await segmentsAt(shift, t), await segmentsAt(0, t + shift * 60_000)].reverse();
        expect(copy!.map((segment) => [segment.uri, segment.duration])).toEqual(
          channel!.map((segment) => [segment.uri, segment.duration]),
        );
        expect(copy!.map((segment) => Date.parse(segment.date) + shift * 60_000)).toEqual(
          channel!.map((segment) => Date.parse(segment.date)),
        );
        const last = copy!.at(-1)!;
        expect(Date.parse(last.date)).toBeLessThanOrEqual(t);
        expect(Date.parse(last.date) + last.duration * 1000).toBeGreaterThan(t);
      }
    }
    // The radio's copy, too, under its own path, and its own rewind window.
    now = at('12:00:00');
    const radioCopy = await get(`${radioStreamPath('m3u', 240)}${rewindQuery(seconds(now - 2 * hour))}`);
    expect(radioCopy.status).toBe(200);
    expect(parsePlaylist(radioCopy.text).segments[0]!.uri).toMatch(/^\/media\/r\/m\d\//u);
    expect((await get(radioStreamPath('m3u', -60))).status).toBe(404);
    expect((await get(tvStreamPath(120))).status).toBe(404);
    // A `+` written as %2B is the same copy, where the media port answers before its router.
    const streams = liveStreams({ live: nodeLive, clock, allowedOrigins: [] });
    const encoded = tvStreamPath(240, 720).replace('+', '%2B');
    expect(streams.handles(`${encoded}${rewindQuery(seconds(now - hour))}`)).toBe(true);
    expect((await streams.answer(encoded, undefined)).body.toString()).toBe((await get(tvStreamPath(240, 720))).text);
  });

  it('keeps each copy’s aired log under its own name', async () => {
    const names = (await database.db.select().from(airedFrontier)).map((row) => row.channel).sort();
    expect(names).toEqual(['radio', 'radio+4', 'tv', 'tv+4', 'tv-1']);
  });
});
