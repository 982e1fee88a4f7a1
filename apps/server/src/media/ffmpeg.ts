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

/** The tools found, with setpriv's tether where it runs them (Linux with util-linux). */
async function withTether(tools: Omit<MediaTools, 'tether'>): Promise<MediaTools> {
  const works = process.platform === 'linux' && (await versionOf(tools.ffmpeg, setpriv)) !== undefined;
  return { ...tools, tether: works ? setpriv : [] };
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
    return withTether({ ffmpeg, ffprobe, source: 'configured', version });
  }
  const [systemVersion, systemProbe] = await Promise.all([versionOf('ffmpeg'), versionOf('ffprobe')]);
  if (systemVersion !== undefined && systemProbe !== undefined) {
    return withTether({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe', source: 'system', version: systemVersion });
  }
  const shipped = npmShipped();
  if (shipped !== undefined) {
    const [version, probeVersion] = await Promise.all([versionOf(shipped.ffmpeg), versionOf(shipped.ffprobe)]);
    if (version !== undefined && probeVersion !== undefined) return withTether({ ...shipped, source: 'npm', version });
  }
  throw new MediaToolError(
    'No working ffmpeg/ffprobe: install ffmpeg (apt-get install ffmpeg) or set FFMPEG_PATH and FFPROBE_PATH.',
  );
}
