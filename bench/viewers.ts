// Viewers per node: one node behind nginx (`npm run cluster`'s, deploy/cluster.ts, with one node)
// on this machine's PostgreSQL and Redis, and simulated viewers of the home page's live TV doing
// what its page does: either the spec's polling (the run every 5 s, the chat every 2 s with its
// ETag) or one event stream (`?topics=tv,chat-tv,polls`), and in both a live playlist every 4 s and
// the newest segment it lists every 4 s (VIEWERS_RUNG, 360 by default; nginx serves segments, the
// node the calls and playlists). For each count of VIEWERS_STEPS, the viewers join over 10 s and
// are measured for 30 s: a count is held when the calls' and the playlists' p99 are under 250 ms
// and nothing failed, and the run fails when a mode's target count is not held (after writing its
// result). The viewers run in this process and share the machine's two cores with the
// node and nginx. VIEWERS_MODES narrows the modes (polling,stream). Each viewer is a browser's
// worth of connections: one keep-alive socket to the site and one to the media (its calls and
// playlists wait their turn on them, as a page's do), its event stream its own, all from a loopback
// address it shares with at most `viewersPerAddress` others (an audience has many addresses, and
// the site limits what one address may hold).
import { Agent, request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPrefix, apiUrl, eventStreamPath, eventStreamsPerAddress, tvStreamPath } from '@efir/contract';
import { type Cluster, startCluster } from '../deploy/cluster.ts';
import { cpuModel, fixed, freePorts, loadAverages, log, nproc, sleep, untilMediaAir, writeResult } from './support.ts';

const steps = (process.env.VIEWERS_STEPS ?? '1000,2500,5000,10000').split(',').map(Number);
const modes = (process.env.VIEWERS_MODES ?? 'polling,stream').split(',') as ('polling' | 'stream')[];
const rung = Number(process.env.VIEWERS_RUNG ?? '360');
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/efir_bench_viewers';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const joinMs = 10_000;
const measureMs = 30_000;
const heldP99Ms = 250;
/** The viewers one node is to hold in each mode (docs/SCALE.md): the run fails when it does not. */
const targets = { polling: 5000, stream: 10_000 } as const;

export type Kind = 'call' | 'playlist' | 'segment';

export interface Tally {
  latencies: Record<Kind, number[]>;
  failures: number;
  failed: Map<string, number>;
  bytes: number;
  /** Event streams the node accepted. */
  streams: number;
  measuring: boolean;
}

/** Viewers that share one address, well under the site's event streams per address. */
const viewersPerAddress = Math.floor(eventStreamsPerAddress / 2);

/** The loopback address of the `index`th viewer: 127.2.0.1 for the first `viewersPerAddress`,
 * then the next. */
function viewerAddress(index: number): string {
  const address = Math.floor(index / viewersPerAddress);
  return `127.2.${String(Math.floor(address / 250))}.${String(1 + (address % 250))}`;
}

/** One GET on the viewer's socket `agent`; answers its status, ETag and body (unless `discard`),
 * timed into the tally. */
function get(
  agent: Agent,
  tally: Tally,
  kind: Kind,
  url: URL,
  headers: Record<string, string> = {},
  discard = false,
): Promise<{ status: number; etag?: string; body: string }> {
  const started = performance.now();
  const measured = tally.measuring;
  return new Promise((resolve) => {
    const fail = (why: string): void => {
      if (measured) {
        tally.failures += 1;
        tally.failed.set(why, (tally.failed.get(why) ?? 0) + 1);
      }
      resolve({ status: 0, body: '' });
    };
    const req = request(url, { agent, headers, timeout: 10_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => {
        if (measured) tally.bytes += chunk.length;
        if (!discard) chunks.push(chunk);
      });
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        if (status !== 200 && status !== 304) {
          fail(`${kind} ${String(status)}`);
          return;
        }
        if (measured) tally.latencies[kind].push(performance.now() - started);
        const etag = response.headers.etag;
        resolve({ status, ...(etag === undefined ? {} : { etag }), body: Buffer.concat(chunks).toString('utf8') });
      });
      response.on('error', () => {
        fail(`${kind} reset`);
      });
    });
    req.on('timeout', () => {
      req.destroy();
      fail(`${kind} timeout`);
    });
    req.on('error', () => {
      fail(`${kind} error`);
    });
    req.end();
  });
}

export interface Viewer {
  stop(): void;
}

/** The `index`th viewer of / from a random phase: timers as its page has them. */
export function viewer(
  cluster: Cluster,
  dayId: number,
  mode: 'polling' | 'stream',
  tally: Tally,
  index: number,
): Viewer {
  const site = new URL(cluster.siteUrl);
  const media = new URL(cluster.mediaUrl);
  const localAddress = viewerAddress(index);
  const siteSocket = new Agent({ keepAlive: true, maxSockets: 1, localAddress });
  const mediaSocket = new Agent({ keepAlive: true, maxSockets: 1, localAddress });
  const timers: ReturnType<typeof setInterval>[] = [];
  const every = (ms: number, work: () => Promise<void>): void => {
    const phase = Math.random() * ms;
    const first = setTimeout(() => {
      void work();
      timers.push(setInterval(() => void work(), ms));
    }, phase);
    timers.push(first);
  };
  let newest: string | undefined;
  every(4000, async () => {
    const playlist = await get(mediaSocket, tally, 'playlist', new URL(tvStreamPath(0, rung), media));
    newest = playlist.body
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#'))
      .at(-1);
  });
  every(4000, async () => {
    if (newest !== undefined) await get(mediaSocket, tally, 'segment', new URL(newest, media), {}, true);
  });
  let stream: ReturnType<typeof request> | undefined;
  if (mode === 'polling') {
    every(5000, async () => {
      await get(siteSocket, tally, 'call', new URL(apiUrl('teleprogramRunStatus'), site));
    });
    let etag: string | undefined;
    every(2000, async () => {
      const answer = await get(
        siteSocket,
        tally,
        'call',
        new URL(apiUrl('chatMessages', { params: { room: 'teleprogram', id: dayId } }), site),
        etag === undefined ? {} : { 'if-none-match': etag },
      );
      etag = answer.etag ?? etag;
    });
  } else {
    const start = setTimeout(() => {
      stream = request(
        new URL(`${apiPrefix}${eventStreamPath}?topics=tv,chat-tv,polls`, site),
        { agent: false, localAddress },
        (response) => {
          if (response.statusCode !== 200) {
            tally.failures += 1;
            tally.failed.set('stream refused', (tally.failed.get('stream refused') ?? 0) + 1);
          } else tally.streams += 1;
          response.on('close', () => {
            if (tally.measuring) {
              tally.failures += 1;
              tally.failed.set('stream closed', (tally.failed.get('stream closed') ?? 0) + 1);
            }
          });
          response.resume();
        },
      );
      stream.on('error', () => {
        if (tally.measuring) {
          tally.failures += 1;
          tally.failed.set('stream error', (tally.failed.get('stream error') ?? 0) + 1);
        }
      });
      stream.end();
    }, Math.random() * joinMs);
    timers.push(start);
  }
  return {
    stop: () => {
      for (const timer of timers) clearTimeout(timer);
      stream?.destroy();
      siteSocket.destroy();
      mediaSocket.destroy();
    },
  };
}

export function p(values: readonly number[], percentile: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((percentile / 100) * sorted.length) - 1)] ?? Number.NaN;
}

interface Row {
  mode: string;
  viewers: number;
  requestsPerSecond: number;
  callP50: number;
  callP99: number;
  playlistP99: number;
  segmentP99: number;
  megabytesPerSecond: number;
  streams: number;
  failures: number;
  failed: string;
  load: number;
}

export function newTally(measuring: boolean): Tally {
  return {
    latencies: { call: [], playlist: [], segment: [] },
    failures: 0,
    failed: new Map(),
    bytes: 0,
    streams: 0,
    measuring,
  };
}

async function step(cluster: Cluster, dayId: number, mode: 'polling' | 'stream', count: number): Promise<Row> {
  const tally = newTally(false);
  const viewers: Viewer[] = [];
  for (let i = 0; i < count; i += 1) {
    viewers.push(viewer(cluster, dayId, mode, tally, i));
    if (i % 100 === 99) await sleep(joinMs / (count / 100));
  }
  await sleep(4000);
  tally.measuring = true;
  await sleep(measureMs);
  tally.measuring = false;
  const load = loadavg()[0] ?? 0;
  for (const one of viewers) one.stop();
  await sleep(5000);
  const all = tally.latencies.call.length + tally.latencies.playlist.length + tally.latencies.segment.length;
  return {
    mode,
    viewers: count,
    requestsPerSecond: all / (measureMs / 1000),
    callP50: p(tally.latencies.call, 50),
    callP99: p(tally.latencies.call, 99),
    playlistP99: p(tally.latencies.playlist, 99),
    segmentP99: p(tally.latencies.segment, 99),
    megabytesPerSecond: tally.bytes / 2 ** 20 / (measureMs / 1000),
    streams: tally.streams,
    failures: tally.failures,
    failed: [...tally.failed].map(([why, n]) => `${why} ${String(n)}`).join(', '),
    load,
  };
}

export async function runViewersBenchmark(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'efir-bench-viewers-'));
  const [sitePort = 0, mediaPort = 0] = await freePorts(2);
  const loadBefore = loadavg();
  const cluster = await startCluster({
    nodes: 1,
    sitePort,
    mediaPort,
    // The node's ports: 1000 above nginx's, clear of the free ports just picked.
    nodePortOffset: 1000,
    dataDir: join(dataDir, 'data'),
    databaseUrl,
    redisUrl,
    env: { LOG_LEVEL: 'error', DEMO_MEDIA: 'on' },
    log,
  });
  const rows: Row[] = [];
  try {
    await untilMediaAir(cluster, rung);
    const run = (await (await fetch(`${cluster.siteUrl}${apiUrl('teleprogramRunStatus')}`)).json()) as
      { id: number } | 'none';
    if (run === 'none') throw new Error('no TV day on air');
    for (const mode of modes) {
      for (const count of steps) {
        log(`${mode}: ${String(count)} viewers`);
        const row = await step(cluster, run.id, mode, count);
        rows.push(row);
        log(JSON.stringify(row));
        if (row.callP99 >= heldP99Ms * 4 || row.failures > count) break;
      }
    }
  } finally {
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const ms = (value: number): string => (Number.isNaN(value) ? '—' : fixed(value, 0));
  // A stream viewer makes no call: its calls are its stream, which must stay open (a failure else).
  const under = (value: number): boolean => Number.isNaN(value) || value < heldP99Ms;
  const held = (row: Row): string =>
    under(row.callP99) && row.playlistP99 < heldP99Ms && row.failures === 0 ? 'yes' : 'no';
  const markdown = `# Viewers per node, ${new Date().toISOString().slice(0, 10)}

- Node ${process.version}, \`nproc\` ${nproc()}, ${cpuModel()}
- Load average before (1, 5, 15 min): ${loadAverages(loadBefore)}
- One node (PostgreSQL, Redis, the demo's media on the air) behind nginx; viewers of \`/\` in this process:
  \`polling\` asks the run every 5 s and the chat every 2 s (with its ETag), \`stream\` holds one
  event stream; each viewer on a keep-alive socket of its own to the site and one to the media,
  ${String(viewersPerAddress)} viewers an address; both ask the ${rung}p live playlist every 4 s and fetch its newest segment every 4 s
  (from nginx). Each count joins over 10 s and is measured for 30 s. Held: calls' and playlists'
  p99 under ${String(heldP99Ms)} ms, nothing failed.

| Mode | Viewers | Event streams | Requests/s | Calls p50 (ms) | Calls p99 (ms) | Playlists p99 (ms) | Segments p99 (ms) | MB/s | Failed | Load (1 min) | Held |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |
${rows
  .map(
    (row) =>
      `| ${row.mode} | ${String(row.viewers)} | ${String(row.streams)} | ${fixed(row.requestsPerSecond, 0)} | ${ms(row.callP50)} | ${ms(row.callP99)} | ${ms(row.playlistP99)} | ${ms(row.segmentP99)} | ${fixed(row.megabytesPerSecond, 0)} | ${String(row.failures)}${row.failed === '' ? '' : ` (${row.failed})`} | ${fixed(row.load, 2)} | ${held(row)} |`,
  )
  .join('\n')}
`;
  await writeResult(`viewers-${new Date().toISOString().slice(0, 10)}.md`, markdown);
  const missed = modes.filter(
    (mode) => !rows.some((row) => row.mode === mode && row.viewers >= targets[mode] && held(row) === 'yes'),
  );
  if (missed.length > 0) {
    throw new Error(
      `not held: ${missed.map((mode) => `${String(targets[mode])} viewers (${mode})`).join(', ')}, the target`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) await runViewersBenchmark();
