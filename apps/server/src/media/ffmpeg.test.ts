import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { locateMediaTools, MediaToolError } from './ffmpeg.ts';

describe('locateMediaTools', () => {
  it('finds a working ffmpeg and ffprobe and tells which', async () => {
    const tools = await locateMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
    expect(['system', 'npm']).toContain(tools.source);
    expect(tools.version).toMatch(/^ffmpeg version /u);
  });

  it('runs them under setpriv where util-linux has it, so that they die with the server', async () => {
    const tools = await locateMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
    const setpriv =
      process.platform === 'linux' && ['/usr/bin/setpriv', '/bin/setpriv'].some((path) => existsSync(path));
    expect(tools.tether).toEqual(setpriv ? ['setpriv', '--pdeathsig', 'KILL', '--'] : []);
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
