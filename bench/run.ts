// Runs the benchmarks one after another (`npm run bench`). Add further benchmarks here.
import { runApiBenchmark } from './api.ts';
import { runCdnBenchmark } from './cdn.ts';
import { runFanoutBenchmark } from './fanout.ts';
import { runFirstFrameBenchmark } from './first-frame.ts';
import { runFirstStartBenchmark } from './first-start.ts';
import { runIngestBenchmark } from './ingest.ts';
import { runLiveBenchmark } from './live.ts';
import { runRestartBenchmark } from './restart.ts';
import { runSearchBenchmark } from './search.ts';
import { runViewersBenchmark } from './viewers.ts';

const benchmarks: { name: string; run: () => Promise<void> }[] = [
  { name: 'api', run: runApiBenchmark },
  { name: 'ingest', run: runIngestBenchmark },
  { name: 'live', run: runLiveBenchmark },
  { name: 'first-frame', run: runFirstFrameBenchmark },
  { name: 'first-start', run: runFirstStartBenchmark },
  { name: 'restart', run: runRestartBenchmark },
  { name: 'fanout', run: runFanoutBenchmark },
  { name: 'viewers', run: runViewersBenchmark },
  { name: 'search', run: runSearchBenchmark },
  { name: 'cdn', run: runCdnBenchmark },
];

// Each runs whatever the one before found: a missed limit fails the run at the end, named.
const missed: string[] = [];
for (const benchmark of benchmarks) {
  process.stderr.write(`[bench] ${benchmark.name}\n`);
  try {
    await benchmark.run();
  } catch (error) {
    missed.push(`${benchmark.name}: ${error instanceof Error ? error.message : String(error)}`);
    process.stderr.write(`[bench] ${benchmark.name} failed: ${missed.at(-1) ?? ''}\n`);
  }
}
if (missed.length > 0) {
  process.stderr.write(`[bench] failed:\n${missed.map((line) => `  ${line}`).join('\n')}\n`);
  process.exitCode = 1;
}
