import { mainChannels } from '@efir/contract';
// A real client on the real clock: ffmpeg reads the TV and the radio channel live across at least
// three item boundaries (items of 6 and 4 s, one after the other) and must exit cleanly with all
// the media it asked for.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildMediaApp } from '../src/media-app.ts';
import type { Database } from '../src/db/database.ts';
import { dateIn } from '../src/lib/clock.ts';
import { createLiveChannels } from '../src/live/live-channels.ts';
import type { MediaTools } from '../src/media/ffmpeg.ts';
import { ingestRadio, ingestVideo } from '../src/media/ingest.ts';
import { replaceScheduleDay } from '../src/repositories/live.ts';
import { testDatabase } from './database.ts';
import { liveTestBed, makeClip } from './media-fixtures.ts';
import { testTimeZone } from './postgres.ts';

const work = mkdtempSync(join(tmpdir(), 'efir-live-read-'));
const mediaDir = join(work, 'media');
let tools: MediaTools;
let database: Database;
let mediaApp: FastifyInstance;
let origin = '';

const clockTime = (instant: Date): string =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: testTimeZone,
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(instant);

beforeAll(async () => {
  database = await testDatabase('pglite', 'migrated');
  const db = database.db;
  const bed = await liveTestBed(db, mediaDir);
  tools = bed.tools;
  const { context, videoCategoryId, radioCategoryId } = bed;
  const six = join(work, 'six.mp4');
  const four = join(work, 'four.mp4');
  makeClip(tools.ffmpeg, six, { seconds: 6, size: '320x180' });
  makeClip(tools.ffmpeg, four, { seconds: 4, size: '320x180' });
  const videos = [
    await ingestVideo(context, { file: six, name: 'Шесть', categoryId: videoCategoryId }),
    await ingestVideo(context, { file: four, name: 'Четыре', categoryId: videoCategoryId }),
  ];
  const radios = [
    await ingestRadio(context, { file: six, name: 'Шесть', author: 'А', categoryId: radioCategoryId }),
    await ingestRadio(context, { file: four, name: 'Четыре', author: 'Б', categoryId: radioCategoryId }),
  ];
  // Today's days started 20 s ago and alternate the two items for about a minute and a half.
  const start = new Date(Date.now() - 20_000);
  const day = dateIn(testTimeZone, start);
  const items = (ids: number[]) =>
    Array.from({ length: 18 }, (_, i) => ({ mediaId: ids[i % 2]!, startsAt: null, isAd: false, draft: 0 }));
  await replaceScheduleDay(db, mainChannels.tv, day, {
    startsAt: clockTime(start),
    finishedText: '',
    items: items(videos),
  });
  await replaceScheduleDay(db, mainChannels.radio, day, {
    startsAt: clockTime(start),
    finishedText: '',
    items: items(radios),
  });
  const live = createLiveChannels({ db, mediaDir, timeZone: testTimeZone });
  mediaApp = await buildMediaApp({ mediaDir, allowedOrigins: [], live, logger: false });
  origin = await mediaApp.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);

afterAll(async () => {
  await mediaApp.close();
  await database.close();
  rmSync(work, { recursive: true, force: true });
});

/** Reads a live stream for `seconds` of media; answers ffmpeg's exit code and the media time it reached. */
function readLive(
  url: string,
  seconds: number,
): Promise<{ code: number | null; mediaSeconds: number; errors: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      tools.ffmpeg,
      [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        '-i',
        url,
        '-t',
        String(seconds),
        '-f',
        'null',
        '-progress',
        'pipe:1',
        '-',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let mediaSeconds = 0;
    let errors = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      for (const match of chunk.matchAll(/^out_time_us=(\d+)/gmu)) mediaSeconds = Number(match[1]) / 1e6;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      errors += chunk;
    });
    child.on('close', (code) => {
      resolve({ code, mediaSeconds, errors });
    });
  });
}

/** Media read: wherever it begins, 6 + 4 + 6 s of items and a little more hold three boundaries. */
const readSeconds = 18;

it('lets ffmpeg read both channels live across three item boundaries', async () => {
  const [tv, radio] = await Promise.all([
    readLive(`${origin}/tv/stream.m3u8`, readSeconds),
    readLive(`${origin}/radio/m3u/stream.m3u8`, readSeconds),
  ]);
  expect(tv.code, tv.errors).toBe(0);
  expect(radio.code, radio.errors).toBe(0);
  expect(tv.mediaSeconds).toBeGreaterThanOrEqual(readSeconds - 1);
  expect(radio.mediaSeconds).toBeGreaterThanOrEqual(readSeconds - 1);
}, 60_000);
