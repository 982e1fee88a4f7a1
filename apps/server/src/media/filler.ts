// The live channels' filler: what airs in a gap before a fixed-time item and in the slot of an
// item whose media are not ready. Encoded in the channel's own format (the TV ladder's rungs, the
// radio's AAC) so a change to or from it is no change of format, in 1 s segments so a gap is
// filled to within a second, and the same bytes joined four by four into 4 s segments for the
// length of a long gap (a day of slate is then a quarter as many segments to lay out, log and
// list). Beside them, its trims: pieces of 1, 2, 3… frames up to a second, each a segment of its
// own, so the last fraction of a second before a fixed start (and whatever the aired log must take
// back after a join) is filled to the frame, not left as a hole the next item is pulled into. Made
// once per machine (prepared-media.ts) and copied into DATA_DIR/media/filler.
import { airsAudio } from '@efir/contract';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parseMediaPlaylist } from '../live/segment-list.ts';
import { demoFont, filterPath } from './demo-media.ts';
import type { MediaTools } from './ffmpeg.ts';
import {
  commonArgs,
  frameRate,
  ladderFor,
  ladderFilter,
  lavfiInput,
  aacArgs,
  radioEncodeArgs,
  type Rung,
  type RungCut,
  rungOutputArgs,
} from './ladder.ts';
import type { PreparedMedia, Recipe } from './prepared-media.ts';
import { runFfmpeg } from './run-ffmpeg.ts';
import { fillerWorkFolder } from './work-folders.ts';

export const fillerSeconds = 8;
export const fillerSegmentSeconds = 1;
/** How many 1 s segments a long filler segment joins. */
export const fillerPerLong = 4;
/** The long segments' playlist, beside the 1 s ones' `index.m3u8`. */
export const longFillerPlaylist = 'long.m3u8';
/** The trims' playlist and the start of their segments' names, beside `index.m3u8`. */
export const trimName = 'trim';
export const trimPlaylist = `${trimName}.m3u8`;
/** A frame of each channel's filler, seconds: the TV's video frame, the radio's AAC frame (1,024
 * samples at 48 kHz). */
const frameOf = { tv: 1 / frameRate, radio: 1024 / 48_000 } as const;

/**
 * Where one run is cut into trims of 1, 2 … `count` frames of `frame` seconds (the times after
 * the first piece), and the run's length: each piece starts where the one before ends.
 */
export function trimCuts(frame: number, count: number): { at: number[]; seconds: number } {
  const at: number[] = [];
  let frames = 0;
  for (let k = 1; k <= count; k += 1) {
    if (frames > 0) at.push(frames * frame);
    frames += k;
  }
  return { at, seconds: frames * frame };
}

/** How many trims each filler has: up to a filler segment's length (a radio's is 47 AAC frames). */
const trimCount = (name: 'tv' | 'radio'): number => Math.ceil(fillerSegmentSeconds / frameOf[name]);
const trimsOf = (name: 'tv' | 'radio') => trimCuts(frameOf[name], trimCount(name));

/** The TV channel's rungs: every video has them, whatever else its ladder holds. */
export const liveRungs: readonly Rung[] = ladderFor(720);

/** A quiet two-note chime every 4 s: the ear can tell the channel is there, without loudness. */
const chime =
  "aevalsrc='0.06*sin(2*PI*660*t)*exp(-4*mod(t,4))+0.05*sin(2*PI*880*t)*exp(-4*mod(t-0.35,4))*gte(mod(t,4),0.35)'";

/** The TV filler: the slate and its chime for `seconds`, each rung cut as `cut` says. */
function tvSlateArgs(outDir: string, titleFile: string, noteFile: string, seconds: number, cut: RungCut): string[] {
  const font = filterPath(demoFont);
  const drawn = [
    `drawbox=x='mod(t*160,1280+240)-240':y=600:w=240:h=8:color=0xe63946:t=fill`,
    `drawtext=fontfile=${font}:textfile=${filterPath(titleFile)}:expansion=none:fontsize=96:fontcolor=white:x=(w-tw)/2:y=h*0.33`,
    `drawtext=fontfile=${font}:textfile=${filterPath(noteFile)}:expansion=none:fontsize=40:fontcolor=0xd0d8e8:x=(w-tw)/2:y=h*0.55`,
  ].join(',');
  return [
    ...commonArgs,
    ...lavfiInput(`color=c=0x14213d:size=1280x720:rate=25:duration=${seconds}`),
    ...lavfiInput(`${chime}:s=48000:d=${seconds}`),
    '-filter_complex',
    ladderFilter(liveRungs, '[0:v]', '[1:a]', drawn, 'pan=stereo|c0=c0|c1=c0'),
    ...liveRungs.flatMap((rung, i) => rungOutputArgs(rung, i, outDir, cut)),
  ];
}

export function tvFillerArgs(outDir: string, titleFile: string, noteFile: string): string[] {
  return tvSlateArgs(outDir, titleFile, noteFile, fillerSeconds, {
    preset: 'ultrafast',
    segment: fillerSegmentSeconds,
  });
}

export function tvTrimArgs(outDir: string, titleFile: string, noteFile: string): string[] {
  const { at, seconds } = trimsOf('tv');
  return tvSlateArgs(outDir, titleFile, noteFile, seconds, { preset: 'ultrafast', cuts: { at, name: trimName } });
}

export function radioFillerArgs(outDir: string): string[] {
  return radioEncodeArgs(lavfiInput(`${chime}:s=48000:d=${fillerSeconds}`), outDir, {
    segment: fillerSegmentSeconds,
    audioFilter: 'pan=stereo|c0=c0|c1=c0',
  });
}

/** The radio's trims: its chime cut at AAC frames (audio alone is cut at any packet). */
export function radioTrimArgs(outDir: string): string[] {
  const { at, seconds } = trimsOf('radio');
  // The encoder adds a frame of its own before the sound (its priming): one frame less in.
  return [
    ...commonArgs,
    ...lavfiInput(`${chime}:s=48000:d=${(seconds - frameOf.radio).toFixed(6)}`),
    '-vn',
    '-af',
    'pan=stereo|c0=c0|c1=c0,aresample=48000',
    ...aacArgs,
    '-f',
    'segment',
    '-segment_format',
    'mpegts',
    '-segment_times',
    at.map((t) => t.toFixed(6)).join(','),
    '-segment_list',
    `${outDir}/${trimPlaylist}`,
    '-segment_list_type',
    'm3u8',
    `${outDir}/${trimName}_%05d.ts`,
  ];
}

/** The TV filler's texts, drawn from files (no escaping in the filter). */
const tvFillerTitle = 'Эфир';
const tvFillerNote = 'Скоро продолжим';

/** How each channel's filler is made, as a prepared recipe (see prepared-media.ts). */
export function fillerRecipe(tools: MediaTools, name: 'tv' | 'radio'): Recipe {
  if (airsAudio(name)) {
    return {
      name: 'filler-radio',
      key: [...radioFillerArgs('OUT'), `long:${String(fillerPerLong)}`, ...radioTrimArgs('OUT')],
      make: async (dir) => {
        await runFfmpeg(tools, radioFillerArgs(dir), fillerSeconds);
        await runFfmpeg(tools, radioTrimArgs(dir), trimsOf('radio').seconds);
        await joinLong(dir);
      },
    };
  }
  return {
    name: 'filler-tv',
    key: [
      ...tvFillerArgs('OUT', 'TITLE', 'NOTE'),
      tvFillerTitle,
      tvFillerNote,
      `long:${String(fillerPerLong)}`,
      ...tvTrimArgs('OUT', 'TITLE', 'NOTE'),
    ],
    make: async (dir) => {
      await Promise.all(liveRungs.map((rung) => mkdir(join(dir, String(rung.height)))));
      const titleFile = join(dir, '.title.txt');
      const noteFile = join(dir, '.note.txt');
      await writeFile(titleFile, tvFillerTitle);
      await writeFile(noteFile, tvFillerNote);
      await runFfmpeg(tools, tvFillerArgs(dir, titleFile, noteFile), fillerSeconds);
      await runFfmpeg(tools, tvTrimArgs(dir, titleFile, noteFile), trimsOf('tv').seconds);
      await rm(titleFile);
      await rm(noteFile);
      await Promise.all(liveRungs.map((rung) => joinLong(join(dir, String(rung.height)))));
    },
  };
}

/**
 * Puts the filler in `<mediaDir>/filler/{tv,radio}`, copied from the machine's prepared media (made
 * there first if need be); a filler of another recipe (an older version's, another ffmpeg's) is
 * replaced. Each appears whole or not at all.
 */
export async function ensureFiller(tools: MediaTools, prepared: PreparedMedia, mediaDir: string): Promise<void> {
  await Promise.all(
    (['tv', 'radio'] as const).map(async (name) => {
      const recipe = fillerRecipe(tools, name);
      const target = join(mediaDir, 'filler', name);
      if (await prepared.isCopyOf(recipe, target)) return;
      const aside = fillerWorkFolder(mediaDir, name);
      // A copy it replaces leaves through the work folder (which the sweep clears, should we die).
      await rm(aside, { recursive: true, force: true });
      await mkdir(dirname(aside), { recursive: true });
      await rename(target, aside).catch(() => undefined);
      await prepared.copyTo(recipe, target, aside);
    }),
  );
}

/**
 * Joins a filler folder's 1 s segments `fillerPerLong` at a time into `long_<n>.ts` (MPEG-TS from
 * one run joins byte for byte: the timestamps and counters run on) and lists them in `long.m3u8`.
 */
async function joinLong(folder: string): Promise<void> {
  const shorts = parseMediaPlaylist(await readFile(join(folder, 'index.m3u8'), 'utf8'), (uri) => uri);
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${fillerPerLong * fillerSegmentSeconds}`];
  lines.push('#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD', '#EXT-X-INDEPENDENT-SEGMENTS');
  for (let j = 0; (j + 1) * fillerPerLong <= shorts.length; j += 1) {
    const run = shorts.slice(j * fillerPerLong, (j + 1) * fillerPerLong);
    const name = `long_${String(j).padStart(5, '0')}.ts`;
    const bytes = Buffer.concat(await Promise.all(run.map((segment) => readFile(join(folder, segment.uri)))));
    await writeFile(join(folder, name), bytes);
    const seconds = run.reduce((sum, segment) => sum + segment.duration, 0);
    lines.push(`#EXTINF:${seconds.toFixed(6)},`, name);
  }
  lines.push('#EXT-X-ENDLIST', '');
  await writeFile(join(folder, longFillerPlaylist), lines.join('\n'));
}
