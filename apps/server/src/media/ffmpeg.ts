// Finds ffmpeg and ffprobe: FFMPEG_PATH / FFPROBE_PATH, else the system's, else the binaries the
// npm packages ship (so a clone works without root). A missing or broken one is an error at start.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
  /** Where they came from, for the start-up log. */
  source: 'configured' | 'system' | 'npm';
  /** ffmpeg's own version line, e.g. `ffmpeg version 5.1.6-0+deb12u1`. */
  version: string;
}

export class MediaToolError extends Error {}

async function versionOf(binary: string): Promise<string | undefined> {
  try {
    const { stdout } = await run(binary, ['-hide_banner', '-version'], { timeout: 10_000 });
    return stdout.split('\n')[0]?.trim();
  } catch {
    return undefined;
  }
}

function npmShipped(): { ffmpeg: string; ffprobe: string } | undefined {
  try {
    const require = createRequire(import.meta.url);
    const ffmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    const ffprobe = (require('@ffprobe-installer/ffprobe') as { path: string }).path;
    return { ffmpeg, ffprobe };
  } catch {
    return undefined;
  }
}

export async function locateMediaTools(options: {
  ffmpegPath: string | undefined;
  ffprobePath: string | undefined;
}): Promise<MediaTools> {
  if (options.ffmpegPath !== undefined || options.ffprobePath !== undefined) {
    const ffmpeg = options.ffmpegPath ?? 'ffmpeg';
    const ffprobe = options.ffprobePath ?? 'ffprobe';
    const [version, probeVersion] = await Promise.all([versionOf(ffmpeg), versionOf(ffprobe)]);
    if (version === undefined)
      throw new MediaToolError(`FFMPEG_PATH: ${ffmpeg} does not run as ffmpeg (ffmpeg -version failed)`);
    if (probeVersion === undefined)
      throw new MediaToolError(`FFPROBE_PATH: ${ffprobe} does not run as ffprobe (ffprobe -version failed)`);
    return { ffmpeg, ffprobe, source: 'configured', version };
  }
  const [systemVersion, systemProbe] = await Promise.all([versionOf('ffmpeg'), versionOf('ffprobe')]);
  if (systemVersion !== undefined && systemProbe !== undefined) {
    return { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe', source: 'system', version: systemVersion };
  }
  const shipped = npmShipped();
  if (shipped !== undefined) {
    const [version, probeVersion] = await Promise.all([versionOf(shipped.ffmpeg), versionOf(shipped.ffprobe)]);
    if (version !== undefined && probeVersion !== undefined) return { ...shipped, source: 'npm', version };
  }
  throw new MediaToolError(
    'No working ffmpeg/ffprobe: install ffmpeg (apt-get install ffmpeg) or set FFMPEG_PATH and FFPROBE_PATH.',
  );
}
