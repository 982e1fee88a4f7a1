// The demo catalogue's media, made rather than shipped. They are test patterns and tones, so they
// are not encoded item by item: a few base clips are encoded once into DATA_DIR/media/demo (for TV
// a moving pattern in its own colour with a running clock and a tone, through the same ladder as
// any ingest, with x264's fastest preset: the same format; for radio a softly beating tone), and
// each demo item gets its own folder whose playlists list its clip's segments by relative URI,
// looped to the item's length with a discontinuity at each restart. A video's previews are its
// clip's picture with the item's title; a radio's cover is its clip's colour with its title, and
// its file to save is its tone's one loop (`audio.m4a` beside the clip's segments).
import { airsAudio } from '@efir/contract';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { codePointLength } from '../lib/text.ts';
import type { Segment } from '../live/timeline.ts';
import {
  commonArgs,
  ladderFilter,
  ladderFor,
  lavfiInput,
  quietArgs,
  radioEncodeArgs,
  type Rung,
  rungOutputArgs,
} from './ladder.ts';

const require = createRequire(import.meta.url);
/** A Cyrillic-complete font shipped as an npm package, so no system font is needed. */
export const demoFont = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSans-Bold.ttf');

const palette = ['0x1d3557', '0x264653', '0x5f0f40', '0x283618', '0x3d405b', '0x023047', '0x3a0ca3', '0x2b2d42'];

export type DemoKind = 'tv' | 'radio';

/** How many base clips each kind has, and their length (whole 4 s segments). */
export const demoClips: Readonly<Record<DemoKind, { count: number; seconds: number }>> = {
  // 20 s: the clock's loop is long enough to see it run, and a fresh site makes its four clips
  // in half the time 40 s took.
  tv: { count: 4, seconds: 20 },
  // 32 s: a whole number of AAC frames (1024 samples at 48 kHz) and of 4 s segments.
  radio: { count: 4, seconds: 32 },
};

/** The base clip a demo item is made of. */
export function demoClipOf(kind: DemoKind, itemId: number): number {
  return itemId % demoClips[kind].count;
}

/** The label a TV base clip shows above its clock. */
export const demoClipLabel = 'Эфир · демонстрация';

/** The rungs of the TV base clips: the live channel's. */
export const demoRungs: readonly Rung[] = ladderFor(720);

/** The ffmpeg run that makes a base clip into `outDir` (a TV clip reads its label from `labelFile`). */
export function demoClipRecipe(kind: DemoKind, clip: number, outDir: string, labelFile: string): string[] {
  return airsAudio(kind)
    ? radioEncodeArgs(demoRadioInput(clip), outDir, { audioFilter: 'anull' })
    : demoClipArgs({ clip, labelFile, outDir, rungs: demoRungs });
}

/** What decides a base clip's bytes: its ffmpeg run (paths left as placeholders) and what it draws. */
export function demoClipKey(kind: DemoKind, clip: number): string[] {
  return [...demoClipRecipe(kind, clip, 'OUT', 'LABEL'), airsAudio(kind) ? demoRadioFile : demoClipLabel];
}

/**
 * Where a base clip lives under the media directory (and under /media/). The folder is named
 * after a digest of its recipe, so a changed recipe makes new clips beside the old ones instead
 * of reusing clips made the old way; items made before keep the clips they name.
 */
export function demoClipPath(kind: DemoKind, clip: number): string {
  const key = demoClipKey(kind, clip).join('\0');
  return `demo/${kind}/${clip}-${createHash('sha256').update(key).digest('hex').slice(0, 10)}`;
}

/** A radio base clip's file to save, remuxed from its segments, beside them. */
export const demoRadioFile = 'audio.m4a';

/** Quotes a path for an ffmpeg filter argument. */
export function filterPath(path: string): string {
  return `'${path.replaceAll('\\', '\\\\').replaceAll("'", "'\\''").replaceAll(':', '\\:')}'`;
}

export function demoToneHz(seed: number): number {
  return 220 + (seed % 12) * 40;
}

/** Writes a text where drawtext reads it (no escaping of the text needed), returns the path. */
export async function writeDemoTitle(workDir: string, title: string, name = '.title.txt'): Promise<string> {
  const file = join(workDir, name);
  await mkdir(workDir, { recursive: true });
  await writeFile(file, title);
  return file;
}

/** A title's font size that fits `width` px less a margin: about 0.62 em a character in DejaVu Sans Bold. */
export function demoTitleSize(title: string, width = 1280): number {
  const fits = Math.floor((width - 100) / (0.62 * Math.max(1, codePointLength(title))));
  return Math.max(width >= 1280 ? 24 : 14, Math.min(52, fits));
}

function colourOf(clip: number): string {
  return palette[clip % palette.length] ?? '0x1d3557';
}

/** The moving bar of a clip's picture, at time t (an expression of t, or a number for a still). */
function bar(clip: number, t: string): string {
  return `drawbox=x='mod(${t}*160+${clip * 97},1280)':y=560:w=140:h=44:color=0xe63946:t=fill`;
}

/** A TV base clip: its pattern, a label and a running clock, and a tone, through the ladder. */
export function demoClipArgs(options: {
  clip: number;
  labelFile: string;
  outDir: string;
  rungs: readonly Rung[];
}): string[] {
  const { clip, rungs } = options;
  const seconds = demoClips.tv.seconds;
  const font = filterPath(demoFont);
  const drawn = [
    bar(clip, 't'),
    `drawtext=fontfile=${font}:textfile=${filterPath(options.labelFile)}:expansion=none:fontsize=44:fontcolor=white:x=(w-tw)/2:y=h*0.18`,
    `drawtext=fontfile=${font}:text='%{pts\\:hms}':fontsize=40:fontcolor=white:x=(w-tw)/2:y=h*0.62`,
  ].join(',');
  return [
    ...commonArgs,
    ...lavfiInput(`color=c=${colourOf(clip)}:size=1280x720:rate=25:duration=${seconds}`),
    ...lavfiInput(`sine=frequency=${demoToneHz(clip)}:sample_rate=48000:duration=${seconds}`),
    '-filter_complex',
    ladderFilter(rungs, '[0:v]', '[1:a]', drawn),
    ...rungs.flatMap((rung, i) => rungOutputArgs(rung, i, options.outDir, { preset: 'ultrafast' })),
  ];
}

/** A radio base clip's source: its tone, beating gently so the ear can tell it plays, at about
 * the loudness target already (−16 LUFS), so it needs no loudness filter. Built from filters
 * rather than a per-sample expression, which costs ffmpeg ten times as much. */
export function demoRadioInput(clip: number): string[] {
  const hz = demoToneHz(clip * 5);
  const tone = `sine=frequency=${hz}:sample_rate=48000:duration=${demoClips.radio.seconds}`;
  return lavfiInput(`${tone},volume=2,tremolo=f=0.5:d=0.8,pan=stereo|c0=c0|c1=c0`);
}

/** The segments a clip loops: its own playlist's, but for a last one under a second (the AAC
 * encoder's final frame), which would be a stutter at every restart. */
export function loopedSegments(segments: readonly Segment[]): Segment[] {
  const last = segments.at(-1);
  return last !== undefined && last.duration < 1 && segments.length > 1 ? segments.slice(0, -1) : [...segments];
}

/**
 * A demo item's picture, drawn on a still: its source, the filters from that still (`input`) to
 * the pads its outputs take (`pad(name)`), and the files those are written to. Pictures are made
 * several to one ffmpeg run (`demoPicturesArgs`): starting ffmpeg costs more than drawing a still.
 */
export interface DemoPicture {
  source: string;
  graph: (input: string, pad: (name: string) => string) => string;
  outputs: readonly { pad: string; file: string }[];
}

/** What a demo item's picture is made of: its clip, its title (and the file it is read from), and
 * the folder it goes to. */
export interface DemoPictureOptions {
  clip: number;
  title: string;
  titleFile: string;
  outDir: string;
}

/** One ffmpeg run making every picture of `pictures`. */
export function demoPicturesArgs(pictures: readonly DemoPicture[]): string[] {
  const padOf = (i: number) => (name: string) => `[p${i}${name}]`;
  return [
    ...quietArgs,
    ...pictures.flatMap((picture) => lavfiInput(picture.source)),
    '-filter_complex',
    pictures.map((picture, i) => picture.graph(`[${i}:v]`, padOf(i))).join(';'),
    ...pictures.flatMap((picture, i) =>
      picture.outputs.flatMap((output) => ['-map', padOf(i)(output.pad), '-frames:v', '1', '-q:v', '3', output.file]),
    ),
  ];
}

/** A video's previews: its clip's picture with its title, 1280×720 and 480×270. */
export function demoPreviewPicture(options: DemoPictureOptions): DemoPicture {
  const font = filterPath(demoFont);
  const picture = [
    bar(options.clip, '2'),
    `drawtext=fontfile=${font}:textfile=${filterPath(options.titleFile)}:expansion=none:fontsize=${demoTitleSize(options.title)}:fontcolor=white:x=(w-tw)/2:y=h*0.18`,
    'format=yuvj420p',
  ].join(',');
  return {
    source: `color=c=${colourOf(options.clip)}:size=1280x720:rate=1:duration=1`,
    graph: (input, pad) =>
      `${input}${picture},split=2${pad('full')}${pad('small')};${pad('small')}scale=480:270${pad('catalog')}`,
    outputs: [
      { pad: 'full', file: join(options.outDir, 'preview.jpg') },
      { pad: 'catalog', file: join(options.outDir, 'preview-catalog.jpg') },
    ],
  };
}

/** A radio's cover: its clip's colour, a sound bar and its title, 480×480. */
export function demoCoverPicture(options: DemoPictureOptions): DemoPicture {
  const font = filterPath(demoFont);
  const picture = [
    `drawbox=x=60:y=300:w=360:h=12:color=0xe63946:t=fill`,
    `drawtext=fontfile=${font}:textfile=${filterPath(options.titleFile)}:expansion=none:fontsize=${demoTitleSize(options.title, 480)}:fontcolor=white:x=(w-tw)/2:y=h*0.4`,
    'format=yuvj420p',
  ].join(',');
  return {
    source: `color=c=${colourOf(options.clip + 4)}:size=480x480:rate=1:duration=1`,
    graph: (input, pad) => `${input}${picture}${pad('cover')}`,
    outputs: [{ pad: 'cover', file: join(options.outDir, 'cover.jpg') }],
  };
}

export interface DemoPlaylist {
  text: string;
  /** The playlist's length: the item's, to the nearest whole segment. */
  seconds: number;
}

/**
 * A demo item's VOD media playlist: its clip's segments (`clip`, their URIs relative to the clip's
 * folder) named through `uriPrefix`, the clip looped for as long as the item lasts, rounded to the
 * nearest whole segment (one at least), with `#EXT-X-DISCONTINUITY` where the clip starts again
 * (its timestamps restart there).
 */
export function demoItemPlaylist(clip: readonly Segment[], seconds: number, uriPrefix: string): DemoPlaylist {
  if (clip.length === 0) throw new Error('a demo clip without segments');
  const lines: string[] = [];
  let total = 0;
  let longest = 0;
  for (let i = 0; i === 0 || total + (clip[i % clip.length] as Segment).duration / 2 <= seconds; i += 1) {
    const segment = clip[i % clip.length] as Segment;
    if (i > 0 && i % clip.length === 0) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXTINF:${segment.duration.toFixed(6)},`, `${uriPrefix}${segment.uri}`);
    total += segment.duration;
    longest = Math.max(longest, segment.duration);
  }
  const header = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.max(1, Math.round(longest))}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  return { text: `${[...header, ...lines, '#EXT-X-ENDLIST'].join('\n')}\n`, seconds: Math.round(total * 1000) / 1000 };
}
