import { spawn } from 'node:child_process';
import { type MediaTools, tethered } from './ffmpeg.ts';

export class FfmpegError extends Error {}

/** ffmpeg hung (no progress for a while) and was killed: not a failure of the source, so the
 * job is tried again. */
export class FfmpegStalled extends FfmpegError {}

/** ffmpeg was stopped through its signal (the worker is stopping): not a failure of the source. */
export class FfmpegStopped extends Error {}

/** How long a run with `-progress` may go without reporting before it is taken for hung: it
 * reports twice a second while it works, however slowly. */
export const ffmpegStallMs = 60_000;

/** How long a run without `-progress` (a picture, a still, a short remux) may take in all. */
export const ffmpegShortRunMs = 120_000;

/** How much nicer than the server a background run is. */
const backgroundNiceness = 10;

/** A background run starts under `nice`, so it is never at the server's priority, not even for
 * the moment a priority set after the spawn would leave it there. */
const backgroundPrefix: readonly string[] = ['nice', '-n', String(backgroundNiceness)];

/**
 * Runs ffmpeg with `-progress pipe:1`, reporting the share done (0..1) of `durationSeconds`;
 * rejects with the end of its error output when it fails, and with FfmpegStopped when `signal`
 * stops it. A run that reports progress and then falls silent for `stallMs` is killed and
 * rejected, so one hung encode cannot hold the ingest queue for ever; a run without `-progress` is
 * killed after `limitMs` in all. A `background` run yields
 * the processor to everything else (the server, the live channels' filler): an encode may take
 * longer, a viewer's answer may not.
 */
export function runFfmpeg(
  tools: Pick<MediaTools, 'ffmpeg' | 'tether'>,
  args: readonly string[],
  durationSeconds: number,
  onProgress: (done: number) => void = () => undefined,
  {
    signal,
    background = false,
    limitMs = ffmpegShortRunMs,
  }: { signal?: AbortSignal | undefined; background?: boolean; limitMs?: number } = {},
  stallMs = ffmpegStallMs,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(new FfmpegStopped('ffmpeg was stopped before it started'));
      return;
    }
    const [binary, binaryArgs] = tethered(
      { tether: [...(background ? backgroundPrefix : []), ...tools.tether] },
      tools.ffmpeg,
      args,
    );
    const child = spawn(binary, binaryArgs, {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(signal === undefined ? {} : { signal }),
    });
    let stderr = '';
    let pending = '';
    const reportsProgress = args.includes('-progress');
    let stalled = false;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const watch = (): void => {
      clearTimeout(watchdog);
      watchdog = setTimeout(
        () => {
          stalled = true;
          child.kill('SIGKILL');
        },
        reportsProgress ? stallMs : limitMs,
      );
    };
    watch();
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (reportsProgress) watch();
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^out_time_us=(\d+)/u.exec(line);
        if (match?.[1] !== undefined && durationSeconds > 0) {
          onProgress(Math.min(1, Number(match[1]) / 1e6 / durationSeconds));
        }
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.on('error', (error) => {
      clearTimeout(watchdog);
      if (error.name === 'AbortError') reject(new FfmpegStopped('ffmpeg was stopped'));
      else reject(new FfmpegError(`ffmpeg could not start: ${error.message}`));
    });
    child.on('close', (code, killedBy) => {
      clearTimeout(watchdog);
      if (stalled) {
        reject(
          new FfmpegStalled(
            reportsProgress
              ? `ffmpeg reported no progress for ${String(stallMs / 1000)} s and was stopped`
              : `ffmpeg took over ${String(limitMs / 1000)} s and was stopped`,
          ),
        );
        return;
      }
      if (signal?.aborted === true) {
        reject(new FfmpegStopped('ffmpeg was stopped'));
        return;
      }
      if (code === 0) {
        onProgress(1);
        resolve();
        return;
      }
      const reason = stderr.trim().split('\n').slice(-3).join(' ').trim();
      // setpriv or nice ran but could not run ffmpeg: the same as spawn failing without them.
      if (code === 127 && /^(setpriv: failed to execute|nice: )/u.test(reason)) {
        reject(new FfmpegError(`ffmpeg could not start: ${reason}`));
        return;
      }
      reject(
        new FfmpegError(`ffmpeg failed (${killedBy ?? `exit ${code}`}): ${reason === '' ? 'no message' : reason}`),
      );
    });
  });
}
