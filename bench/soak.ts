// Soak: SOAK_MINUTES (30) of SOAK_VIEWERS (1,000) simulated viewers on `npm run cluster`'s two
// nodes behind nginx (deploy/cluster.ts), on this machine's PostgreSQL (a database of the run's own,
// dropped at the end) and Redis, the demo's media on the air (the run waits for them). Half the
// viewers, each on sockets of its own, poll as the spec's page does, half hold one event
// stream; all ask the 360p live playlist and fetch its newest segment every 4 s (bench/viewers.ts's
// viewer, in this process). They join over the first 20 s. At the start and every
// SOAK_SAMPLE_SECONDS (30) each node's and nginx's (master and workers summed) resident memory
// (VmRSS) and open files (/proc/<pid>/fd) are read, with the interval's requests, failures by kind
// and the calls' and playlists' p99: the curve in bench/results/soak-<date>.md.
//
// The rule, from warm-up (the first sample at minute 2, or half-way through a shorter run) to the
// last sample: the exit code is 1 when any request failed (an answer other than 200 or 304, a
// network error, a time-out, an event stream refused or dropped), when a node was gone at a sample,
// or when the open files or the resident memory of a node or of nginx grew by more than 10 % (the
// median of the first quarter of the samples after warm-up against the last quarter's). Ctrl+C stops the run early (exit code 130, no result file); whatever
// the run started (nodes, nginx, its database, its temporary directory) is removed in every case.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { apiUrl } from '@efir/contract';
import { type Cluster, startCluster } from '../deploy/cluster.ts';
import { nginxPids, processTree, type Usage, usage, childrenOf, readProc } from './process-tree.ts';
import { cpuModel, dropDatabase, fixed, loadAverages, log, nproc, untilMediaAir, writeResult } from './support.ts';
import { type Kind, newTally, p as percentile, type Tally, type Viewer, viewer } from './viewers.ts';

const minutes = Number(process.env.SOAK_MINUTES ?? 30);
const viewerCount = Number(process.env.SOAK_VIEWERS ?? 1000);
const sampleMs = Number(process.env.SOAK_SAMPLE_SECONDS ?? 30) * 1000;
const adminUrl = process.env.SOAK_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const joinMs = 20_000;
const warmUpMs = Math.min(2, minutes / 2) * 60_000;
const filesGrowthLimit = 0.1;
/** Memory is flat when it grows by no more than this from the first quarter to the last. */
const memoryGrowthLimit = 0.1;
const nodeCount = 2;
// Clear of the tests' ports: nginx on 19300 and 19320, the nodes on 19310–11 and 19330–31.
const sitePort = 19_300;
const mediaPort = 19_320;
const nodePortOffset = 10;

type FailureKind = Kind | 'stream';

interface Sample {
  ms: number;
  /** One per node; undefined when its process was not there. */
  nodes: (Usage | undefined)[];
  nginx: Usage;
  requests: number;
  failures: Record<FailureKind, number>;
  /** viewers.ts's reasons (`<kind> <why>`) with their counts. */
  failed: Map<string, number>;
  callP99: number;
  playlistP99: number;
  streams: number;
  load: number;
}

const stopping = new AbortController();
// A call, not the property: TypeScript would keep it narrowed to false across the awaits.
const interrupted = (): boolean => stopping.signal.aborted;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted()) return;
    log(`${signal}: stopping early, cleaning up`);
    stopping.abort();
  });
}
/** Sleeps, or less when the run is stopped early. */
const pause = (ms: number): Promise<void> =>
  delay(Math.max(0, ms), undefined, { signal: stopping.signal }).catch(() => undefined);

/** The nodes' processes by index: this process's children running the server, told apart by PORT. */
function nodePids(tree: Map<number, number>): (number | undefined)[] {
  const pids: (number | undefined)[] = Array.from({ length: nodeCount }, () => undefined);
  for (const pid of childrenOf(tree, process.pid)) {
    if (!(readProc(pid, 'cmdline') ?? '').includes('apps/server/src/server.ts')) continue;
    const port = /(?:^|\0)PORT=(\d+)/u.exec(readProc(pid, 'environ') ?? '')?.[1];
    const index = Number(port) - sitePort - nodePortOffset;
    if (index >= 0 && index < nodeCount) pids[index] = pid;
  }
  return pids;
}

/** Fails before anything starts when another process holds one of the run's ports. */
async function checkPortsFree(): Promise<void> {
  const ports = [sitePort, mediaPort];
  for (let i = 0; i < nodeCount; i += 1) ports.push(sitePort + nodePortOffset + i, mediaPort + nodePortOffset + i);
  const free = new Set<number>();
  for (const port of ports) {
    await new Promise<void>((resolve) => {
      const probe = createServer();
      probe.once('error', () => {
        resolve();
      });
      probe.listen(port, '127.0.0.1', () => {
        free.add(port);
        probe.close(() => {
          resolve();
        });
      });
    });
  }
  const taken = ports.filter((port) => !free.has(port));
  if (taken.length > 0) throw new Error(`ports already in use: ${taken.join(', ')}`);
}

/** The processes' usage now, and the interval's requests since the last sample (taken out of the tally). */
function takeSample(ms: number, tally: Tally, nginxPrefix: string): Sample {
  const tree = processTree();
  const latencies = tally.latencies;
  tally.latencies = { call: [], playlist: [], segment: [] };
  const failed = tally.failed;
  tally.failed = new Map();
  const failures: Record<FailureKind, number> = { call: 0, playlist: 0, segment: 0, stream: 0 };
  // viewers.ts names each failure `<kind> <why>`.
  for (const [why, count] of failed) failures[why.slice(0, why.indexOf(' ')) as FailureKind] += count;
  return {
    ms,
    nodes: nodePids(tree).map((pid) => (pid === undefined ? undefined : usage([pid]))),
    nginx: usage(nginxPids(nginxPrefix, tree)),
    requests:
      latencies.call.length +
      latencies.playlist.length +
      latencies.segment.length +
      failures.call +
      failures.playlist +
      failures.segment,
    failures,
    failed,
    callP99: percentile(latencies.call, 99),
    playlistP99: percentile(latencies.playlist, 99),
    streams: tally.streams,
    load: loadavg()[0] ?? 0,
  };
}

/** Ends what is left of nginx's processes once it was told to quit: SIGKILL after 10 s. */
async function reap(pids: readonly number[]): Promise<void> {
  const alive = (): number[] => pids.filter((pid) => readProc(pid, 'comm')?.trim() === 'nginx');
  const deadline = Date.now() + 10_000;
  while (alive().length > 0 && Date.now() < deadline) await delay(200);
  for (const pid of alive()) {
    log(`nginx ${String(pid)} still running: SIGKILL`);
    process.kill(pid, 'SIGKILL');
  }
}

const mb = (bytes: number): string => fixed(bytes / 2 ** 20, 0);
const ms = (value: number): string => (Number.isNaN(value) ? '—' : fixed(value, 0));
const clock = (at: number): string => {
  const seconds = Math.round(at / 1000);
  return `${String(Math.floor(seconds / 60))}:${String(seconds % 60).padStart(2, '0')}`;
};
const percent = (from: number, to: number): string =>
  from === 0 ? '—' : `${to >= from ? '+' : ''}${fixed(((to - from) / from) * 100, 1)} %`;

function report(samples: readonly Sample[], loadBefore: number[]): { markdown: string; passed: boolean } {
  const last = samples.at(-1);
  const warm = samples.find((sample) => sample.ms >= warmUpMs - 1000);
  if (last === undefined || warm === undefined) throw new Error('no samples past warm-up');
  const problems: string[] = [];

  // A sample's open files move with the connections of the moment: the first and the last quarter
  // after warm-up are compared by their medians, not two single readings.
  const measured = samples.filter((sample) => sample.ms >= warm.ms);
  const quarter = Math.max(1, Math.floor(measured.length / 4));
  const median = (values: number[]): number => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
  };
  const growth = (name: string, pick: (sample: Sample) => Usage | undefined): string => {
    const early = measured.slice(0, quarter).map(pick);
    const late = measured.slice(-quarter).map(pick);
    if (early.includes(undefined) || late.includes(undefined)) return `- ${name}: not running at every sample`;
    const of = (usages: (Usage | undefined)[], key: keyof Usage): number =>
      median(usages.map((usage) => (usage as Usage)[key]));
    const from = { rssBytes: of(early, 'rssBytes'), openFiles: of(early, 'openFiles') };
    const to = { rssBytes: of(late, 'rssBytes'), openFiles: of(late, 'openFiles') };
    const highest = Math.max(...measured.map((sample) => pick(sample)?.rssBytes ?? 0));
    if (to.openFiles > from.openFiles * (1 + filesGrowthLimit))
      problems.push(`${name}'s open files grew from ${String(from.openFiles)} to ${String(to.openFiles)}`);
    if (to.rssBytes > from.rssBytes * (1 + memoryGrowthLimit))
      problems.push(`${name}'s memory grew from ${mb(from.rssBytes)} to ${mb(to.rssBytes)} MB`);
    return `- ${name}: memory ${mb(from.rssBytes)} → ${mb(to.rssBytes)} MB (${to.rssBytes >= from.rssBytes ? '+' : ''}${fixed((to.rssBytes - from.rssBytes) / 2 ** 20, 1)} MB, ${percent(from.rssBytes, to.rssBytes)}; highest ${mb(highest)} MB); open files ${String(from.openFiles)} → ${String(to.openFiles)} (${percent(from.openFiles, to.openFiles)})`;
  };
  const lines = [
    ...Array.from({ length: nodeCount }, (_, i) => growth(`Node ${String(i + 1)}`, (sample) => sample.nodes[i])),
    growth('nginx', (sample) => sample.nginx),
  ];
  samples.forEach((sample) => {
    sample.nodes.forEach((node, i) => {
      if (node === undefined) problems.push(`node ${String(i + 1)} was not running at ${clock(sample.ms)}`);
    });
  });

  const total: Record<FailureKind, number> = { call: 0, playlist: 0, segment: 0, stream: 0 };
  const reasons = new Map<string, number>();
  for (const sample of samples) {
    for (const kind of Object.keys(total) as FailureKind[]) total[kind] += sample.failures[kind];
    for (const [why, count] of sample.failed) reasons.set(why, (reasons.get(why) ?? 0) + count);
  }
  const failures = total.call + total.playlist + total.segment + total.stream;
  if (failures > 0) problems.push(`${String(failures)} failed`);
  const requests = samples.reduce((sum, sample) => sum + sample.requests, 0);
  lines.push(
    `- Requests: ${String(requests)}; failed: ${String(failures)} (calls ${String(total.call)}, playlists ${String(total.playlist)}, segments ${String(total.segment)}, event streams refused or dropped ${String(total.stream)})${reasons.size === 0 ? '' : `: ${[...reasons].map(([why, count]) => `${why} ${String(count)}`).join(', ')}`}`,
    problems.length === 0
      ? `- **Passed**: nothing failed, and no process's open files grew by more than ${String(filesGrowthLimit * 100)} % nor its memory by more than ${String(memoryGrowthLimit * 100)} % from the first quarter after warm-up to the last.`
      : `- **Failed**: ${problems.join('; ')}.`,
  );

  const nodeHeads = Array.from(
    { length: nodeCount },
    (_, i) => `Node ${String(i + 1)} RSS (MB) | Node ${String(i + 1)} files`,
  );
  const row = (sample: Sample): string =>
    [
      clock(sample.ms),
      ...sample.nodes.map((node) =>
        node === undefined ? '— | —' : `${mb(node.rssBytes)} | ${String(node.openFiles)}`,
      ),
      mb(sample.nginx.rssBytes),
      String(sample.nginx.openFiles),
      String(sample.requests),
      `${String(sample.failures.call)} / ${String(sample.failures.playlist)} / ${String(sample.failures.segment)} / ${String(sample.failures.stream)}`,
      ms(sample.callP99),
      ms(sample.playlistP99),
      String(sample.streams),
      fixed(sample.load, 2),
    ].join(' | ');
  const date = new Date().toISOString().slice(0, 10);
  const markdown = `# Soak, ${date}

- Node ${process.version}, \`nproc\` ${nproc()}, ${cpuModel()}
- Load average (1, 5, 15 min) before: ${loadAverages(loadBefore)}; after: ${loadAverages(loadavg())}
- ${String(nodeCount)} nodes (PostgreSQL, Redis, the demo's media on the air) behind nginx, ${String(minutes)} minutes of ${String(viewerCount)} viewers of \`/\` in this process, joining over ${String(joinMs / 1000)} s: half poll (the run every 5 s, the chat every 2 s with its ETag), half hold one event stream; all ask the 360p live playlist every 4 s and fetch its newest segment (from nginx). A sample every ${String(sampleMs / 1000)} s; warm-up ends at ${clock(warm.ms)}.
- Memory is the resident set (VmRSS), files the entries of \`/proc/<pid>/fd\`; nginx is its master and workers summed. Requests, failures and p99 are the interval's since the sample before; failures are answers other than 200 or 304, network errors, time-outs (10 s) and event streams refused or dropped. Streams: those the nodes accepted so far.
- Passed when nothing failed, every node ran at every sample and no process's open files grew by more than ${String(filesGrowthLimit * 100)} % from the first quarter of the samples after warm-up to the last (medians of each quarter; memory is compared the same way).

| Time | ${nodeHeads.join(' | ')} | nginx RSS (MB) | nginx files | Requests | Failed (calls / playlists / segments / streams) | Calls p99 (ms) | Playlists p99 (ms) | Streams | Load (1 min) |
| --- | ${nodeHeads.map(() => '---: | ---:').join(' | ')} | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${samples.map((sample) => `| ${row(sample)} |`).join('\n')}

## Verdict, from ${clock(warm.ms)} to ${clock(last.ms)}

${lines.join('\n')}
`;
  return { markdown, passed: problems.length === 0 };
}

/** Starts the viewers over `joinMs`, alternately polling and on the event stream. */
async function joinViewers(cluster: Cluster, dayId: number, tally: Tally, viewers: Viewer[], ending: () => boolean) {
  const batches = 100;
  for (let batch = 1; batch <= batches && !ending() && !interrupted(); batch += 1) {
    while (viewers.length < Math.round((batch * viewerCount) / batches))
      viewers.push(viewer(cluster, dayId, viewers.length % 2 === 0 ? 'polling' : 'stream', tally, viewers.length));
    await pause(joinMs / batches);
  }
}

/** Answers the exit code. */
export async function runSoak(): Promise<number> {
  const loadBefore = loadavg();
  await checkPortsFree();
  const tempDir = mkdtempSync(join(tmpdir(), 'efir-bench-soak-'));
  // Where startCluster keeps nginx's configuration and pid: beside the data directory.
  const nginxPrefix = join(tempDir, `${String(sitePort)}-nginx`);
  const database = `efir_bench_soak_${String(process.pid)}`;
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${database}`;
  // From the first request: a failure while joining counts as one.
  const tally = newTally(true);
  const viewers: Viewer[] = [];
  const samples: Sample[] = [];
  let ending = false;
  let joined = Promise.resolve();
  let cluster: Cluster | undefined;
  try {
    cluster = await startCluster({
      nodes: nodeCount,
      sitePort,
      mediaPort,
      nodePortOffset,
      dataDir: join(tempDir, 'data'),
      databaseUrl: databaseUrl.toString(),
      redisUrl,
      env: { LOG_LEVEL: 'error', DEMO_MEDIA: 'on' },
      log,
    });
    await untilMediaAir(cluster, 360);
    if (interrupted()) return 130;
    const run = (await (await fetch(`${cluster.siteUrl}${apiUrl('teleprogramRunStatus')}`)).json()) as
      { id: number } | 'none';
    if (run === 'none') throw new Error('no TV day on air');
    log(`${String(viewerCount)} viewers for ${String(minutes)} minutes, a sample every ${String(sampleMs / 1000)} s`);
    const start = performance.now();
    samples.push(takeSample(0, tally, nginxPrefix));
    joined = joinViewers(cluster, run.id, tally, viewers, () => ending);
    const totalMs = minutes * 60_000;
    const times: number[] = [];
    for (let at = sampleMs; at < totalMs; at += sampleMs) times.push(at);
    times.push(totalMs);
    for (const at of times) {
      await pause(start + at - performance.now());
      if (interrupted()) return 130;
      const sample = takeSample(performance.now() - start, tally, nginxPrefix);
      samples.push(sample);
      log(
        `${clock(sample.ms)} nodes ${sample.nodes.map((node) => (node === undefined ? 'gone' : `${mb(node.rssBytes)} MB ${String(node.openFiles)} files`)).join(', ')}; nginx ${mb(sample.nginx.rssBytes)} MB ${String(sample.nginx.openFiles)} files; ${String(sample.requests)} requests, ${String(Object.values(sample.failures).reduce((a, b) => a + b, 0))} failed`,
      );
    }
  } finally {
    ending = true;
    // The streams closed from here on are the run's end, not failures.
    tally.measuring = false;
    await joined;
    for (const one of viewers) one.stop();
    const nginxLeft = nginxPids(nginxPrefix, processTree());
    await cluster?.stop().catch((error: unknown) => {
      log(`the cluster did not stop cleanly: ${error instanceof Error ? error.message : String(error)}`);
    });
    await reap(nginxLeft);
    await dropDatabase(adminUrl, database);
    rmSync(tempDir, { recursive: true, force: true });
  }
  const { markdown, passed } = report(samples, loadBefore);
  await writeResult(`soak-${new Date().toISOString().slice(0, 10)}.md`, markdown);
  return passed ? 0 : 1;
}

if (import.meta.main) {
  const code = await runSoak().catch((error: unknown) => {
    log(`soak: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 1;
  });
  // The viewers' keep-alive agent holds sockets to nothing now: leave without waiting on them.
  process.exit(code);
}
