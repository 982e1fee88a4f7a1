// Synthetic sources for the tests, browser tests and benchmarks: a moving test pattern with a tone.
import { execFileSync } from 'node:child_process';

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
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${size}:rate=${fps}:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
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
