// The ffmpeg runner's watchdog, with stand-ins for ffmpeg that report progress and then hang, or
// report slowly to the end.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FfmpegStalled, runFfmpeg } from './run-ffmpeg.ts';

const work = mkdtempSync(join(tmpdir(), 'efir-run-ffmpeg-'));
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

function standIn(name: string, script: string): { ffmpeg: string; tether: readonly string[] } {
  const file = join(work, name);
  writeFileSync(file, `#!/bin/sh\n${script}\n`);
  chmodSync(file, 0o755);
  return { ffmpeg: file, tether: [] };
}

describe('runFfmpeg', () => {
  it('kills a run that reports progress and then falls silent, and says so', async () => {
    const hangs = standIn('hangs', 'echo out_time_us=1000000; echo progress=continue; exec sleep 30');
    const started = Date.now();
    const seen: number[] = [];
    const failure = await runFfmpeg(hangs, ['-progress', 'pipe:1'], 10, (done) => seen.push(done), undefined, 400).then(
      () => undefined,
      (error: unknown) => error,
    );
    // A hung run is no fault of the source: the job is tried again, not refused.
    expect(failure).toBeInstanceOf(FfmpegStalled);
    expect((failure as Error).message).toBe('ffmpeg reported no progress for 0.4 s and was stopped');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(seen).toEqual([0.1]);
  });

  it('kills a run without progress (a picture) that takes longer than its limit in all', async () => {
    const hangs = standIn('hangs-quietly', 'exec sleep 30');
    const started = Date.now();
    const failure = await runFfmpeg(hangs, ['-i', 'picture'], 0, undefined, { limitMs: 300 }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(FfmpegStalled);
    expect((failure as Error).message).toBe('ffmpeg took over 0.3 s and was stopped');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('lets a slow run that keeps reporting go to its end', async () => {
    const slow = standIn(
      'slow',
      'for i in 1 2 3 4 5 6; do echo out_time_us=${i}000000; echo progress=continue; sleep 0.2; done',
    );
    const seen: number[] = [];
    await runFfmpeg(slow, ['-progress', 'pipe:1'], 6, (done) => seen.push(done), undefined, 400);
    expect(seen.at(-1)).toBe(1);
  });

  it("runs a background encode below the server's priority", async () => {
    // The stand-in reports its own niceness (field 19 of /proc/self/stat) as its progress.
    const nice = standIn('nice', 'echo out_time_us=$(cut -d" " -f19 /proc/$$/stat)000000');
    const seen: number[] = [];
    await runFfmpeg(nice, ['-progress', 'pipe:1'], 100, (done) => seen.push(done), { background: true });
    const own = seen[0]! * 100;
    expect(own).toBeGreaterThanOrEqual(10);
    const foreground: number[] = [];
    await runFfmpeg(nice, ['-progress', 'pipe:1'], 100, (done) => foreground.push(done));
    expect(foreground[0]! * 100).toBeLessThan(own);
  });
});
