// Finds ffmpeg and ffprobe: FFMPEG_PATH / FFPROBE_PATH, else the system's, else the binaries the
// npm packages ship (so a clone works without root). A missing or broken one is an error at start.
// On Linux each runs under `setpriv --pdeathsig KILL`, so that it dies with the server.
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
  /**
   * Put before every ffmpeg and ffprobe command: `setpriv --pdeathsig KILL --` has the kernel kill
   * the tool when the server's process dies, even by SIGKILL; empty where setpriv is missing.
   */
  tether: readonly string[];
}

/** A tool's command line with its tether, for spawn and execFile. */
export function tethered(
  tools: Pick<MediaTools, 'tether'>,
  binary: string,
  args: readonly string[],
): [string, string[]] {
  const [first, ...rest] = [...tools.tether, binary, ...args];
  return [first ?? binary, rest];
}

const setpriv: readonly string[] = ['setpriv', '--pdeathsig', 'KILL', '--'];

export class MediaToolError extends Error {}

async function versionOf(binary: string, tether: readonly string[] = []): Promise<string | undefined> {
  try {
    const { stdout } = await run(...tethered({ tether }, binary, ['-hide_banner', '-version']), { timeout: 10_000 });
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

/** Both tools' versions, and whether setpriv's tether runs ffmpeg (Linux with util-linux): asked
 * at once, since a restart waits for the answers. */
async function versionsOf(
  ffmpeg: string,
  ffprobe: string,
): Promise<{ version: string | undefined; probeVersion: string | undefined; tether: readonly string[] }> {
  const [version, probeVersion, underTether] = await Promise.all([
    versionOf(ffmpeg),
    versionOf(ffprobe),
    process.platform === 'linux' ? versionOf(ffmpeg, setpriv) : undefined,
  ]);
  return { version, probeVersion, tether: underTether === undefined ? [] : setpriv };
}

export async function locateMediaTools(options: {
  ffmpegPath: string | undefined;
  ffprobePath: string | undefined;
}): Promise<MediaTools> {
  if (options.ffmpegPath !== undefined || options.ffprobePath !== undefined) {
    const ffmpeg = options.ffmpegPath ?? 'ffmpeg';
    const ffprobe = options.ffprobePath ?? 'ffprobe';
    const { version, probeVersion, tether } = await versionsOf(ffmpeg, ffprobe);
    if (version === undefined)
      throw new MediaToolError(`FFMPEG_PATH: ${ffmpeg} does not run as ffmpeg (ffmpeg -version failed)`);
    if (probeVersion === undefined)
      throw new MediaToolError(`FFPROBE_PATH: ${ffprobe} does not run as ffprobe (ffprobe -version failed)`);
    return { ffmpeg, ffprobe, source: 'configured', version, tether };
  }
  const system = await versionsOf('ffmpeg', 'ffprobe');
  if (system.version !== undefined && system.probeVersion !== undefined) {
    return { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe', source: 'system', version: system.version, tether: system.tether };
  }
  const shipped = npmShipped();
  if (shipped !== undefined) {
    const { version, probeVersion, tether } = await versionsOf(shipped.ffmpeg, shipped.ffprobe);
    if (version !== undefined && probeVersion !== undefined) return { ...shipped, source: 'npm', version, tether };
  }
  throw new MediaToolError(
    'No working ffmpeg/ffprobe: install ffmpeg (apt-get install ffmpeg) or set FFMPEG_PATH and FFPROBE_PATH.',
  );
}
