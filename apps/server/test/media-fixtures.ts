// Synthetic sources for the tests, browser tests and benchmarks: a moving test pattern with a tone, a tone alone,
// and on-demand playlists alone for tests that read playlists, not segments.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../src/config.ts';
import type { Db } from '../src/db/database.ts';
import { radioCategory, videoCategory } from '../src/db/schema/index.ts';
import { locateMediaTools, type MediaTools } from '../src/media/ffmpeg.ts';
import { ensureFiller } from '../src/media/filler.ts';
import { lavfiInput } from '../src/media/ladder.ts';
import type { IngestContext } from '../src/media/ingest-work.ts';
import { PreparedMedia } from '../src/media/prepared-media.ts';

/** A synthetic source's ffmpeg run: only errors said, the file overwritten. */
const quietArgs = ['-hide_banner', '-loglevel', 'error', '-y'];

/** The machine's prepared media, where a site started from this environment finds them. */
export function machinePreparedMedia(tools: MediaTools): PreparedMedia {
  return new PreparedMedia(loadConfig(process.env).preparedMediaDir, tools.version);
}

export interface ClipOptions {
  seconds: number;
  /** WIDTHxHEIGHT, e.g. 320x180. */
  size: string;
  fps?: number;
  /** x264 preset of the source itself (not of the ladder made from it). */
  preset?: 'ultrafast' | 'veryfast';
}

export function makeClip(
  ffmpeg: string,
  file: string,
  { seconds, size, fps = 25, preset = 'ultrafast' }: ClipOptions,
): void {
  execFileSync(ffmpeg, [
    ...quietArgs,
    ...lavfiInput(`testsrc2=size=${size}:rate=${fps}:duration=${seconds}`),
    ...lavfiInput(`sine=frequency=440:duration=${seconds}`),
    '-c:v',
    'libx264',
    '-preset',
    preset,
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
}

/** A 440 Hz tone of `seconds` as an AAC file. */
export function makeTone(ffmpeg: string, file: string, seconds: number): void {
  execFileSync(ffmpeg, [
    ...quietArgs,
    ...lavfiInput(`sine=frequency=440:duration=${seconds}`),
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    file,
  ]);
}

/** Writes `<mediaDir>/<folder>/index.m3u8`, `seconds` long in `segment`-second segments (which need not exist). */
export function writeMediaPlaylist(mediaDir: string, folder: string, seconds: number, segment = 4): void {
  mkdirSync(join(mediaDir, folder), { recursive: true });
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${segment}`, '#EXT-X-PLAYLIST-TYPE:VOD'];
  for (let t = 0, i = 0; t < seconds - 1e-9; t += segment, i += 1) {
    lines.push(`#EXTINF:${Math.min(segment, seconds - t).toFixed(6)},`, `seg_${String(i).padStart(5, '0')}.ts`);
  }
  lines.push('#EXT-X-ENDLIST');
  writeFileSync(join(mediaDir, folder, 'index.m3u8'), `${lines.join('\n')}\n`);
}

/** Writes a media playlist `<name>.m3u8` of segments `<prefix>_<n>.ts` lasting `durations` seconds. */
function writeSegmentList(mediaDir: string, folder: string, name: string, prefix: string, durations: number[]): void {
  mkdirSync(join(mediaDir, folder), { recursive: true });
  const longest = Math.ceil(Math.max(...durations));
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${longest}`, '#EXT-X-PLAYLIST-TYPE:VOD'];
  durations.forEach((seconds, i) => {
    lines.push(`#EXTINF:${seconds.toFixed(6)},`, `${prefix}_${String(i).padStart(5, '0')}.ts`);
  });
  lines.push('#EXT-X-ENDLIST');
  writeFileSync(join(mediaDir, folder, `${name}.m3u8`), `${lines.join('\n')}\n`);
}

/**
 * The playlists of a channel's filler as ffmpeg makes them (filler.ts), without their media: the
 * TV's 1 s segments and its trims of 1 to 24 frames of 40 ms; the radio's segments of 47 AAC
 * frames (a frame is 1,024 samples at 48 kHz) but the last two of 46 and 1, and its trims of 1 to 47.
 */
export function writeFillerPlaylists(mediaDir: string, channel: 'tv' | 'radio'): void {
  const aac = 1024 / 48_000;
  const folder = channel === 'tv' ? 'filler/tv/720' : 'filler/radio';
  const frames = channel === 'tv' ? [25, 25, 25, 25, 25, 25, 25, 25] : [47, 47, 47, 47, 47, 47, 47, 46, 1];
  const frame = channel === 'tv' ? 0.04 : aac;
  writeSegmentList(
    mediaDir,
    folder,
    'index',
    'seg',
    frames.map((n) => n * frame),
  );
  const trims = Array.from({ length: channel === 'tv' ? 24 : 47 }, (_, k) => (k + 1) * frame);
  writeSegmentList(mediaDir, folder, 'trim', 'trim', trims);
}

/** A live channel's test bed on a database: the filler made under `mediaDir`, a video and a radio
 * category, and an ingest context to add clips with. */
export async function liveTestBed(
  db: Db,
  mediaDir: string,
  categoryNames: { video: string; radio: string } = { video: 'Проверка', radio: 'Проверка' },
): Promise<{ tools: MediaTools; context: IngestContext; videoCategoryId: number; radioCategoryId: number }> {
  const tools = await locateMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
  await ensureFiller(tools, machinePreparedMedia(tools), mediaDir);
  const [videoCat] = await db.insert(videoCategory).values({ name: categoryNames.video }).returning();
  const [radioCat] = await db.insert(radioCategory).values({ name: categoryNames.radio }).returning();
  if (videoCat === undefined || radioCat === undefined) throw new Error('the categories were not written');
  const context: IngestContext = {
    db,
    tools,
    mediaDir,
    prepared: machinePreparedMedia(tools),
    maxBytes: 50 * 1024 * 1024,
    maxSeconds: 60,
  };
  return { tools, context, videoCategoryId: videoCat.id, radioCategoryId: radioCat.id };
}
