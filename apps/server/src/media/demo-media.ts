// The demo catalogue's media, made rather than shipped: each video a moving pattern in its own
// colour with its title and a running clock burned in and a tone; each radio a tone of its own.
// Encoded through the same ladder as any ingest, with x264's fastest preset (same format).
import { createRequire } from 'node:module';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { codePointLength } from '../lib/text.ts';
import { commonArgs, ladderFilter, type Rung, rungOutputArgs } from './ladder.ts';

const require = createRequire(import.meta.url);
/** A Cyrillic-complete font shipped as an npm package, so no system font is needed. */
export const demoFont = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSans-Bold.ttf');

const palette = ['0x1d3557', '0x264653', '0x3d405b', '0x2b2d42', '0x283618', '0x5f0f40', '0x023047', '0x3a0ca3'];

/** Quotes a path for an ffmpeg filter argument. */
export function filterPath(path: string): string {
  return `'${path.replaceAll('\\', '\\\\').replaceAll("'", "'\\''").replaceAll(':', '\\:')}'`;
}

export function demoToneHz(seed: number): number {
  return 220 + (seed % 12) * 40;
}

/** Writes the title where drawtext reads it (no escaping of the text needed), returns the path. */
export async function writeDemoTitle(workDir: string, title: string): Promise<string> {
  const file = join(workDir, '.title.txt');
  await mkdir(workDir, { recursive: true });
  await writeFile(file, title);
  return file;
}

/** A title's font size that fits 1280 px: about 0.62 em a character in DejaVu Sans Bold. */
export function demoTitleSize(title: string): number {
  return Math.max(24, Math.min(52, Math.floor(1180 / (0.62 * Math.max(1, codePointLength(title))))));
}

export function demoVideoArgs(options: {
  seed: number;
  seconds: number;
  title: string;
  titleFile: string;
  outDir: string;
  rungs: readonly Rung[];
}): string[] {
  const { seed, seconds, rungs } = options;
  const colour = palette[seed % palette.length] ?? '0x1d3557';
  const font = filterPath(demoFont);
  const drawn = [
    `drawbox=x='mod(t*160+${seed * 97},1280)':y=560:w=140:h=44:color=0xe63946:t=fill`,
    `drawtext=fontfile=${font}:textfile=${filterPath(options.titleFile)}:expansion=none:fontsize=${demoTitleSize(options.title)}:fontcolor=white:x=(w-tw)/2:y=h*0.18`,
    `drawtext=fontfile=${font}:text='%{pts\\:hms}':fontsize=40:fontcolor=white:x=(w-tw)/2:y=h*0.62`,
  ].join(',');
  return [
    ...commonArgs,
    '-f',
    'lavfi',
    '-i',
    `color=c=${colour}:size=1280x720:rate=25:duration=${seconds.toFixed(3)}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${demoToneHz(seed)}:sample_rate=48000:duration=${seconds.toFixed(3)}`,
    '-filter_complex',
    ladderFilter(rungs, '[0:v]', '[1:a]', drawn),
    ...rungs.flatMap((rung, i) => rungOutputArgs(rung, i, options.outDir, 'ultrafast')),
  ];
}

/** A radio's source: its tone, beating gently so the ear can tell it plays. */
export function demoRadioInput(seed: number, seconds: number): string[] {
  const hz = demoToneHz(seed);
  return [
    '-f',
    'lavfi',
    '-i',
    `aevalsrc='0.4*sin(2*PI*${hz}*t)*(0.6+0.4*sin(2*PI*0.5*t))|0.4*sin(2*PI*${hz}*t)*(0.6+0.4*sin(2*PI*0.5*t))':s=48000:d=${seconds.toFixed(3)}`,
  ];
}
