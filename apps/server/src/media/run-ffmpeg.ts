import { spawn } from 'node:child_process';
import { type MediaTools, tethered } from './ffmpeg.ts';

export class FfmpegError extends Error {}

/** ffmpeg was stopped through its signal (the worker is stopping): not a failure of the source. */
export class FfmpegStopped extends Error {}

/**
 * Runs ffmpeg with `-progress pipe:1`, reporting the share done (0..1) of `durationSeconds`;
 * rejects with the end of its error output when it fails, and with FfmpegStopped when `signal`
 * stops it.
 */
export function runFfmpeg(
  tools: Pick<MediaTools, 'ffmpeg' | 'tether'>,
  args: readonly string[],
  durationSeconds: number,
  onProgress: (done: number) => void = () => undefined,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(new FfmpegStopped('ffmpeg was stopped before it started'));
      return;
    }
    const child = spawn(...tethered(tools, tools.ffmpeg, args), {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(signal === undefined ? {} : { signal }),
    });
    let stderr = '';
    let pending = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
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
      if (error.name === 'AbortError') reject(new FfmpegStopped('ffmpeg was stopped'));
      else reject(new FfmpegError(`ffmpeg could not start: ${error.message}`));
    });
    child.on('close', (code, killedBy) => {
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
      // setpriv ran but could not run ffmpeg: the same as spawn failing without it.
      if (code === 127 && reason.startsWith('setpriv: failed to execute')) {
        reject(new FfmpegError(`ffmpeg could not start: ${reason}`));
        return;
      }
      reject(
        new FfmpegError(`ffmpeg failed (${killedBy ?? `exit ${code}`}): ${reason === '' ? 'no message' : reason}`),
      );
    });
  });
}
