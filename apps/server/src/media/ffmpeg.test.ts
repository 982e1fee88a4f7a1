import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { locateMediaTools, MediaToolError, tethered } from './ffmpeg.ts';

/** Whether a process runs: gone, or a zombie (killed, not yet reaped), it does not. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z /su.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** The command a process runs (its name in /proc), '' when it is gone. */
function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

describe('locateMediaTools', () => {
  it('finds a working ffmpeg and ffprobe and tells which', async () => {
    const tools = await locateMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
    expect(['system', 'npm']).toContain(tools.source);
    expect(tools.version).toMatch(/^ffmpeg version /u);
  });

  it('ties every run to the server: an ffmpeg dies with the process that started it, even by SIGKILL', async () => {
    const tools = await locateMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
    // A stand-in for the server: it starts an endless ffmpeg the way the server does, says its
    // process id, and is then killed outright.
    const [binary, args] = tethered(tools, tools.ffmpeg, [
      '-nostdin',
      '-re',
      '-f',
      'lavfi',
      '-i',
      'anullsrc',
      '-f',
      'null',
      '-',
    ]);
    const server = spawn(
      process.execPath,
      [
        '-e',
        `const c = require('node:child_process').spawn(${JSON.stringify(binary)}, ${JSON.stringify(args)}, { stdio: 'ignore' });
         console.log(c.pid); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const [line] = (await once(server.stdout, 'data')) as [Buffer];
    const ffmpegPid = Number(line.toString().trim());
    // The tether is set between the spawn and ffmpeg's start (setpriv, then exec): the server is
    // killed once ffmpeg runs, as a server's ffmpeg does when it matters.
    await expect.poll(() => commandOf(ffmpegPid), { timeout: 10_000 }).toBe('ffmpeg');
    expect(alive(ffmpegPid)).toBe(true);
    server.kill('SIGKILL');
    await expect.poll(() => alive(ffmpegPid), { timeout: 5000 }).toBe(false);
  });

  it('takes FFMPEG_PATH and FFPROBE_PATH as given', async () => {
    const found = await locateMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
    const tools = await locateMediaTools({ ffmpegPath: found.ffmpeg, ffprobePath: found.ffprobe });
    expect(tools).toMatchObject({ ffmpeg: found.ffmpeg, ffprobe: found.ffprobe, source: 'configured' });
  });

  it('refuses a configured path that is not ffmpeg, naming the setting', async () => {
    const attempt = locateMediaTools({ ffmpegPath: '/bin/false', ffprobePath: undefined });
    await expect(attempt).rejects.toBeInstanceOf(MediaToolError);
    await expect(locateMediaTools({ ffmpegPath: '/no/such/ffmpeg', ffprobePath: undefined })).rejects.toThrow(
      'FFMPEG_PATH: /no/such/ffmpeg does not run as ffmpeg',
    );
  });
});
