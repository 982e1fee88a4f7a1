// Ingest speed: seconds of media per second of wall time for a 720p source, through the whole
// pipeline (probe, one-pass ladder encode, previews, catalogue row), next to the same ladder
// ffmpeg command run bare as the ceiling.
//
// Usage: node bench/ingest.ts   (prints a Markdown table; writes it to bench/results/ingest-<date>.md)
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite } from '../apps/server/src/db/database.ts';
import { videoCategory } from '../apps/server/src/db/schema/index.ts';
import { locateMediaTools } from '../apps/server/src/media/ffmpeg.ts';
import { ingestVideo } from '../apps/server/src/media/ingest.ts';
import { ladderFor, videoEncodeArgs } from '../apps/server/src/media/ladder.ts';
import { runFfmpeg } from '../apps/server/src/media/run-ffmpeg.ts';
import { machinePreparedMedia, makeClip } from '../apps/server/test/media-fixtures.ts';

const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
const sourceSeconds = 60;
const runs = 2;

function cpuModel(): string {
  const line = readFileSync('/proc/cpuinfo', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('model name'));
  return line?.split(':')[1]?.trim() ?? 'unknown';
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

export async function runIngestBenchmark(): Promise<void> {
  const tools = await locateMediaTools({ ffmpegPath: process.env.FFMPEG_PATH, ffprobePath: process.env.FFPROBE_PATH });
  const work = mkdtempSync(join(tmpdir(), 'efir-bench-ingest-'));
  try {
    const source = join(work, 'source.mp4');
    makeClip(tools.ffmpeg, source, { seconds: sourceSeconds, size: '1280x720', preset: 'veryfast' });
    const database = await openPglite(undefined);
    const [category] = await database.db.insert(videoCategory).values({ name: 'Бенчмарк' }).returning();
    if (category === undefined) throw new Error('no category was made');
    const bare: number[] = [];
    const pipeline: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const out = join(work, `bare-${i}`);
      const rungs = ladderFor(720);
      for (const rung of rungs) mkdirSync(join(out, String(rung.height)), { recursive: true });
      const args = videoEncodeArgs({
        // The bare run reads the source as the ingest does, by the demuxer the probe found.
        input: ['-f', 'mov', '-i', source],
        outDir: out,
        rungs,
        durationSeconds: sourceSeconds,
        hasAudio: true,
      });
      bare.push(await timed(() => runFfmpeg(tools, args, sourceSeconds)));
      const context = {
        db: database.db,
        tools,
        mediaDir: join(work, 'media'),
        prepared: machinePreparedMedia(tools),
        maxBytes: 1e10,
        maxSeconds: 1e5,
      };
      pipeline.push(
        await timed(() => ingestVideo(context, { file: source, name: `Прогон ${i}`, categoryId: category.id })),
      );
    }
    await database.close();
    const best = (xs: number[]) => Math.min(...xs);
    const speed = (seconds: number) => (sourceSeconds / seconds).toFixed(2);
    const overhead = ((best(pipeline) / best(bare) - 1) * 100).toFixed(1);
    const date = new Date().toISOString().slice(0, 10);
    const table = [
      '| Run | Wall time (best of 2), s | Media seconds per wall second |',
      '| --- | ---: | ---: |',
      `| bare ffmpeg, the ladder command alone | ${best(bare).toFixed(2)} | ${speed(best(bare))} |`,
      `| ingest pipeline (probe, ladder, previews, catalogue row) | ${best(pipeline).toFixed(2)} | ${speed(best(pipeline))} |`,
    ].join('\n');
    const report = [
      `# Ingest benchmark, ${date}`,
      '',
      `- Node ${process.version}, nproc ${availableParallelism()}, ${cpuModel()}`,
      `- ${tools.version} (${tools.source})`,
      `- source: ${sourceSeconds} s of 1280×720 25 fps testsrc2 with a tone (H.264, AAC); ladder 720/480/360`,
      '',
      table,
      '',
      `Pipeline overhead over bare ffmpeg: ${overhead} %.`,
      '',
    ].join('\n');
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(join(resultsDir, `ingest-${date}.md`), report);
    process.stdout.write(`${report}\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) await runIngestBenchmark();
