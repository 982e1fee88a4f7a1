// The TV's subtitle renditions on real ingested media: the master playlist names them, each lists
// the same segments as the video rungs (numbers, discontinuities, dates, durations) with the
// aired item's own WebVTT segment where it has subtitles and an empty one elsewhere, and a cue airs
// at its item's time on the air to the frame.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  emptySubtitleSegmentPath,
  mainChannels,
  mediaPathOf,
  rewindQuery,
  tvStreamPath,
  videoSubtitleStreamPath,
} from '@efir/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { instantOf } from '../src/lib/clock.ts';
import { createLiveChannels } from '../src/live/live-channels.ts';
import type { MediaTools } from '../src/media/ffmpeg.ts';
import { buildMediaApp } from '../src/media-app.ts';
import { ingestVideo } from '../src/media/ingest.ts';
import { findItem } from '../src/repositories/catalogues.ts';
import { replaceScheduleDay } from '../src/repositories/live.ts';
import { testDatabase } from './database.ts';
import { liveTestBed, makeClip } from './media-fixtures.ts';
import { expectLiveSuccessor, type ParsedPlaylist, type ParsedSegment, parsePlaylist } from './playlist-check.ts';
import { testTimeZone } from './postgres.ts';

const work = mkdtempSync(join(tmpdir(), 'efir-live-subtitles-'));
const mediaDir = join(work, 'media');
const day = '2031-05-05';
const at = (time: string): number => instantOf(testTimeZone, day, time);
/** One frame of the test clips (25 fps). */
const frameMs = 40;

const srt = '1\n00:00:01,000 --> 00:00:02,500\nДобрый вечер\n\n2\n00:00:05,000 --> 00:00:06,000\nДо свидания\n';

describe('the TV’s subtitle renditions', () => {
  let database: Database;
  let tools: MediaTools;
  let mediaApp: FastifyInstance;
  let now = at('12:00:20');
  /** The subtitled video's media folder, as the aired URIs name it (`/media/v/<folder>/`). */
  let subtitled = '';

  beforeAll(async () => {
    database = await testDatabase('pglite', 'migrated');
    const db = database.db;
    const bed = await liveTestBed(db, mediaDir);
    tools = bed.tools;
    const clip = (name: string, seconds: number): string => {
      const file = join(work, `${name}.mp4`);
      makeClip(tools.ffmpeg, file, { seconds, size: '320x180' });
      return file;
    };
    writeFileSync(join(work, 'ru.srt'), srt);
    const categoryId = bed.videoCategoryId;
    const withCues = await ingestVideo(bed.context, {
      file: clip('eight', 8),
      name: 'С титрами',
      categoryId,
      subtitles: [{ file: join(work, 'ru.srt'), language: 'ru', label: 'Русский' }],
    });
    const row = await findItem(db, 'video', withCues);
    subtitled = row!.masterPlaylist.replace(/master\.m3u8$/u, '');
    const without = await ingestVideo(bed.context, { file: clip('six', 6), name: 'Без титров', categoryId });
    // From 12:00:00: the subtitled clip (8 s), the other (6 s), the subtitled one again from 12:00:14.
    await replaceScheduleDay(db, mainChannels.tv, day, {
      startsAt: '12:00:00',
      finishedText: '',
      items: [withCues, without, withCues].map((mediaId) => ({ mediaId, startsAt: null, isAd: false, draft: 0 })),
    });
    const live = createLiveChannels({ db, mediaDir, timeZone: testTimeZone, planTtlMs: 0 });
    mediaApp = await buildMediaApp({ mediaDir, allowedOrigins: [], live, clock: () => new Date(now), logger: false });
  }, 180_000);

  afterAll(async () => {
    await mediaApp.close();
    await database.close();
    rmSync(work, { recursive: true, force: true });
  });

  const get = async (url: string) => {
    const response = await mediaApp.inject({ method: 'GET', url });
    return { status: response.statusCode, text: response.body, type: response.headers['content-type'] };
  };
  const playlist = async (url: string): Promise<ParsedPlaylist> => {
    const answer = await get(url);
    expect(answer.status, url).toBe(200);
    return parsePlaylist(answer.text);
  };
  const withoutUris = (list: ParsedPlaylist) => ({
    ...list,
    segments: list.segments.map(({ uri: _uri, ...rest }) => rest),
  });

  it('are named in the master playlist, for every rung', async () => {
    const master = (await get(tvStreamPath())).text;
    expect(master).toContain(
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="ru",NAME="Русский",DEFAULT=NO,AUTOSELECT=YES,URI="subs/ru/stream.m3u8"\n' +
        '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="ru-Latn",NAME="Russkii",DEFAULT=NO,AUTOSELECT=YES,URI="subs/ru-Latn/stream.m3u8"\n',
    );
    expect(master.match(/#EXT-X-STREAM-INF:.*SUBTITLES="subs"\n/gu)).toHaveLength(3);
    const rewound = (await get(`${tvStreamPath()}${rewindQuery(at('12:00:00') / 1000)}`)).text;
    expect(rewound).toContain(`URI="subs/ru/stream.m3u8?start=${String(at('12:00:00') / 1000)}"`);
  });

  it('list the video’s segments, numbered as they are, with the item’s cues or an empty segment', async () => {
    let previous: ParsedPlaylist | undefined;
    for (const time of ['12:00:05', '12:00:09', '12:00:13', '12:00:16', '12:00:21']) {
      now = at(time);
      const video = await playlist(tvStreamPath(0, 720));
      const subtitles = await playlist(videoSubtitleStreamPath('tv', 0, 'ru'));
      expect(withoutUris(subtitles)).toEqual(withoutUris(video));
      expectLiveSuccessor(previous, subtitles, 4);
      previous = subtitles;
      for (const [i, segment] of subtitles.segments.entries()) {
        const media = (video.segments[i] as ParsedSegment).uri;
        const expected = media.includes(subtitled)
          ? media.replace('/720/', '/subs/ru/').replace(/\.ts$/u, '.vtt')
          : emptySubtitleSegmentPath;
        expect(segment.uri, `${time}: with ${media}`).toBe(expected);
      }
    }
    const empty = await get(emptySubtitleSegmentPath);
    expect(empty).toEqual({ status: 200, text: 'WEBVTT\n', type: 'text/vtt; charset=utf-8' });
  });

  it('air each cue at its item’s time on the air, to the frame, in both scripts', async () => {
    now = at('12:01:00');
    const range = rewindQuery(at('12:00:00') / 1000, at('12:00:30') / 1000);
    const video = await playlist(`${tvStreamPath(0, 720)}${range}`);
    const subtitles = await playlist(`${videoSubtitleStreamPath('tv', 0, 'ru')}${range}`);
    const latin = await playlist(`${videoSubtitleStreamPath('tv', 0, 'ru-Latn')}${range}`);
    expect(withoutUris(subtitles)).toEqual(withoutUris(video));
    expect(withoutUris(latin)).toEqual(withoutUris(video));

    // Where each cue airs: the subtitle segment's date (its video segment's first frame on the air),
    // plus the cue's place on the MPEG-TS clock (its timestamp map) past that frame's time.
    const airings = new Map<string, number[]>();
    for (const [i, segment] of subtitles.segments.entries()) {
      if (segment.uri === emptySubtitleSegmentPath) continue;
      const media = video.segments[i] as ParsedSegment;
      const start = Number.parseFloat(
        execFileSync(
          tools.ffprobe,
          [
            ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=start_time'],
            ...['-of', 'csv=p=0', diskPath(media.uri)],
          ],
          { encoding: 'utf8' },
        ).trim(),
      );
      const vtt = (await get(segment.uri)).text;
      const map = Number(/X-TIMESTAMP-MAP=MPEGTS:(\d+),LOCAL:00:00:00\.000/u.exec(vtt)?.[1]);
      for (const [, from, text] of vtt.matchAll(/^(\d\d:\d\d:\d\d\.\d{3}) --> \S+\n(.+)$/gmu)) {
        const airs = Date.parse(segment.date) + (map / 90_000 + seconds(from!) - start) * 1000;
        airings.set(text!, [...(airings.get(text!) ?? []), airs]);
      }
      expect((await get(latin.segments[i]!.uri)).text).toBe(
        vtt.replace('Добрый вечер', 'Dobryi vecher').replace('До свидания', 'Do svidaniia'),
      );
    }
    // Each item's start on the air is where its first segment airs (the log's date for it).
    const itemStarts = video.segments.filter((s) => s.uri.endsWith('/seg_00000.ts') && s.uri.includes(subtitled));
    expect(itemStarts.map((s) => s.date)).toEqual([
      new Date(at('12:00:00')).toISOString(),
      new Date(at('12:00:14')).toISOString(),
    ]);
    const expected = (offset: number) => itemStarts.map((s) => Date.parse(s.date) + offset * 1000);
    // A cue in two segments is in both (players show it once): each airing is counted once.
    const distinct = (text: string) => [...new Set(airings.get(text))];
    for (const [text, offset] of [
      ['Добрый вечер', 1],
      ['До свидания', 5],
    ] as const) {
      const aired = distinct(text);
      expect(aired, text).toHaveLength(2);
      aired.forEach((instant, i) => {
        expect(Math.abs(instant - (expected(offset)[i] as number)), text).toBeLessThanOrEqual(frameMs / 2);
      });
    }
  });
});

function seconds(time: string): number {
  const [h, m, s] = time.split(':').map(Number) as [number, number, number];
  return h * 3600 + m * 60 + s;
}

function diskPath(uri: string): string {
  return join(mediaDir, mediaPathOf(uri) ?? uri);
}
