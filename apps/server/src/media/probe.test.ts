// What a file from outside may be read as: the kinds editors upload are read, and nothing that
// makes ffmpeg read another file of the server's (a playlist, a list, an image sequence) is.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locateMediaTools, type MediaTools } from './ffmpeg.ts';
import { probeMedia } from './probe.ts';

const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'efir-probe-test-'));
let tools: MediaTools;

const picture = ['-f', 'lavfi', '-i', 'testsrc=size=64x64', '-frames:v', '1'];
const moving = ['-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=10:duration=1'];
const sound = ['-f', 'lavfi', '-i', 'sine=duration=1'];

/** Each file editors upload, as the encoder of its kind writes it. */
const accepted: Record<string, { kind: 'media' | 'picture'; args: string[] }> = {
  'a.mp4': { kind: 'media', args: [...moving, '-c:v', 'libx264'] },
  'a.mov': { kind: 'media', args: [...moving, '-c:v', 'libx264'] },
  'a.mkv': { kind: 'media', args: [...moving, '-c:v', 'libx264'] },
  'a.webm': { kind: 'media', args: [...moving, '-c:v', 'libvpx-vp9', '-deadline', 'realtime'] },
  'a.avi': { kind: 'media', args: [...moving, '-c:v', 'mpeg4'] },
  'a.ts': { kind: 'media', args: [...moving, '-c:v', 'libx264'] },
  'a.mpg': { kind: 'media', args: [...moving, '-c:v', 'mpeg2video'] },
  'a.mp3': { kind: 'media', args: [...sound, '-c:a', 'libmp3lame'] },
  'a.m4a': { kind: 'media', args: [...sound, '-c:a', 'aac'] },
  'a.aac': { kind: 'media', args: [...sound, '-c:a', 'aac'] },
  'a.wav': { kind: 'media', args: sound },
  'a.flac': { kind: 'media', args: sound },
  'a.ogg': { kind: 'media', args: [...sound, '-c:a', 'libvorbis'] },
  'a.opus': { kind: 'media', args: [...sound, '-c:a', 'libopus'] },
  'a.jpg': { kind: 'picture', args: picture },
  'a.png': { kind: 'picture', args: picture },
  'a.webp': { kind: 'picture', args: picture },
};

beforeAll(async () => {
  tools = await locateMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
  await Promise.all(
    Object.entries(accepted).map(([name, { args }]) =>
      run(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args, join(work, name)]),
    ),
  );
  // An upload is kept under a name without a type: the same files so named.
  for (const name of Object.keys(accepted)) copyFileSync(join(work, name), join(work, `upload-${name.slice(2)}`));
  copyFileSync(join(work, 'a.png'), join(work, 'frame-1.png'));
  const recording = join(work, 'a.ts');
  writeFileSync(join(work, 'playlist'), `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n${recording}\n#EXT-X-ENDLIST\n`);
  writeFileSync(join(work, 'list'), `ffconcat version 1.0\nfile ${recording}\n`);
  writeFileSync(join(work, 'dash'), `<?xml version="1.0"?><MPD xmlns="urn:mpeg:dash:schema:mpd:2011"></MPD>`);
}, 120_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('probeMedia', () => {
  it.each(Object.entries(accepted))('reads %s, with or without its type in the name', async (name, { kind }) => {
    for (const file of [name, `upload-${name.slice(2)}`]) {
      const probe = await probeMedia(tools, join(work, file), kind);
      expect(probe, file).toBeDefined();
      expect(probe?.input.at(-1)).toBe(`file:${join(work, file)}`);
    }
  });

  it('reads no playlist, list or image sequence, though each names a file it could read', async () => {
    for (const file of ['playlist', 'list', 'dash']) {
      expect(await probeMedia(tools, join(work, file), 'media'), file).toBeUndefined();
      expect(await probeMedia(tools, join(work, file), 'picture'), file).toBeUndefined();
    }
    // Read as the one file so named, which is not there: nothing is seen.
    expect((await probeMedia(tools, join(work, 'frame-%d.png'), 'picture'))?.video).toBeUndefined();
  });

  it('reads a picture as no media, and media as no picture', async () => {
    expect(await probeMedia(tools, join(work, 'upload-png'), 'media')).toBeUndefined();
    expect((await probeMedia(tools, join(work, 'a.mp4'), 'picture'))?.video).toBeUndefined();
  });

  it('takes a name for a path, never for a protocol', async () => {
    copyFileSync(join(work, 'a.mp4'), join(work, 'http:'));
    expect(await probeMedia(tools, join(work, 'http:'), 'media')).toBeDefined();
    expect(await probeMedia(tools, 'http://127.0.0.1:9/a.mp4', 'media')).toBeUndefined();
  });
});
