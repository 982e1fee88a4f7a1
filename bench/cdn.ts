// The edge in front of the origin (`npm run cluster -- --cdn`: Varnish before nginx and the nodes,
// deploy/varnish.vcl.template), with the demo's real media on the air: simulated edge viewers of
// the live TV, one socket each, doing what a player does — the master playlist once, its rung's
// playlist every target duration, each new segment once — and what the origin (nginx and the
// nodes, Varnish's backend) is asked meanwhile, for each count of CDN_VIEWERS. A segment is asked
// as its first byte (a range the edge answers from the whole object it fetched once), so the load
// generator's own bandwidth does not bound the counts. Then what the edge must not do: keep the
// studio's or a visitor's calls, or the event stream; and a burst of one playlist's requests
// within its second reaches the origin once. Fails when a limit it names is missed.
import { Agent, request } from 'node:http';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPrefix, apiUrl, eventStreamPath, isFillerSegment, studioUrl, tvStreamPath } from '@efir/contract';
import { type Cluster, startCluster } from '../deploy/cluster.ts';
import {
  dropDatabase,
  fixed,
  freePorts,
  loadAverages,
  log,
  machineDetails,
  sleep,
  untilMediaAir,
  writeResult,
} from './support.ts';

const counts = (process.env.CDN_VIEWERS ?? '250,1000,5000').split(',').map(Number);
const rung = Number(process.env.CDN_RUNG ?? '360');
/** A database of the run's own on this server, dropped at its end: the demo's rows name media in
 * the run's own data directory. */
const adminUrl = process.env.CDN_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const joinMs = 10_000;
const measureMs = 40_000;
/** Limits: the origin's requests at the largest count within this of the smallest count's… */
const flatWithin = 1.5;
/** …no viewer's request failed, and the edge answered playlists within this at p99. */
const playlistP99Ms = 500;

/** Varnish's counters of the edge's working directory. */
function edgeCounters(cluster: Cluster): { backend: number; hits: number; misses: number; requests: number } {
  const workDir = cluster.edge?.workDir;
  if (workDir === undefined) throw new Error('the cluster has no edge');
  const json = JSON.parse(execFileSync('varnishstat', ['-n', workDir, '-1', '-j'], { encoding: 'utf8' })) as {
    counters: Record<string, { value: number }>;
  };
  const value = (name: string): number => json.counters[name]?.value ?? 0;
  return {
    backend: value('MAIN.backend_req'),
    hits: value('MAIN.cache_hit'),
    misses: value('MAIN.cache_miss'),
    requests: value('MAIN.client_req'),
  };
}

interface Answer {
  status: number;
  body: string;
  edge: string | undefined;
}

function get(agent: Agent, url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request(url, { agent, headers, timeout: 10_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const edge = response.headers['x-edge'];
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          edge: Array.isArray(edge) ? edge[0] : edge,
        });
      });
      response.on('error', () => {
        resolve({ status: 0, body: '', edge: undefined });
      });
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => {
      resolve({ status: 0, body: '', edge: undefined });
    });
    req.end();
  });
}

const segmentsOf = (playlist: string): string[] =>
  playlist.split('\n').filter((line) => line !== '' && !line.startsWith('#'));

/** A live playlist's segments with their numbers: a player goes by the number, not the address (the
 * slate's few files come again and again). */
function numberedSegments(playlist: string): { sequence: number; uri: string }[] {
  const first = Number(/^#EXT-X-MEDIA-SEQUENCE:(\d+)$/mu.exec(playlist)?.[1] ?? Number.NaN);
  return segmentsOf(playlist).map((uri, index) => ({ sequence: first + index, uri }));
}

interface Tally {
  measuring: boolean;
  playlistMs: number[];
  /** Segments fetched of a programme, and of the slate. */
  segments: number;
  slate: number;
  failures: number;
}

/** One viewer: its own socket, a player's requests until `until`. */
async function viewer(base: string, tally: Tally, until: number, delay: number): Promise<void> {
  await sleep(delay);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const master = await get(agent, `${base}${tvStreamPath()}`);
  if (master.status !== 200 && tally.measuring) tally.failures += 1;
  const playlistUrl = `${base}${tvStreamPath(0, rung)}`;
  let last = -1;
  while (Date.now() < until) {
    const started = performance.now();
    const playlist = await get(agent, playlistUrl);
    const measured = tally.measuring;
    if (measured) tally.playlistMs.push(performance.now() - started);
    if (playlist.status !== 200) {
      if (measured) tally.failures += 1;
    } else {
      // A player starts three segments from the live edge, then takes each new one once.
      const listed = numberedSegments(playlist.body);
      const wanted = last < 0 ? listed.slice(-3) : listed.filter((segment) => segment.sequence > last);
      for (const { sequence, uri } of wanted) {
        last = sequence;
        const segment = await get(agent, new URL(uri, playlistUrl).toString(), { range: 'bytes=0-0' });
        if (measured) {
          if (segment.status !== 206 && segment.status !== 200) tally.failures += 1;
          else if (isFillerSegment(uri)) tally.slate += 1;
          else tally.segments += 1;
        }
      }
    }
    await sleep(Math.max(0, 4000 - (performance.now() - started)));
  }
  agent.destroy();
}

interface Row {
  viewers: number;
  clientPerSecond: number;
  originPerSecond: number;
  hitRatio: number;
  playlistP99: number;
  segments: number;
  slate: number;
  failures: number;
  load: number;
}

async function step(cluster: Cluster, count: number): Promise<Row> {
  const tally: Tally = { measuring: false, playlistMs: [], segments: 0, slate: 0, failures: 0 };
  const until = Date.now() + joinMs + measureMs + 1000;
  const viewers = Array.from({ length: count }, (_, i) => viewer(cluster.mediaUrl, tally, until, (i / count) * joinMs));
  await sleep(joinMs);
  const before = edgeCounters(cluster);
  tally.measuring = true;
  await sleep(measureMs);
  tally.measuring = false;
  const after = edgeCounters(cluster);
  const load = loadavg()[0] ?? 0;
  await Promise.all(viewers);
  const sorted = tally.playlistMs.sort((a, b) => a - b);
  const seconds = measureMs / 1000;
  const hits = after.hits - before.hits;
  const misses = after.misses - before.misses;
  return {
    viewers: count,
    clientPerSecond: (after.requests - before.requests) / seconds,
    originPerSecond: (after.backend - before.backend) / seconds,
    hitRatio: hits / Math.max(1, hits + misses),
    playlistP99: sorted[Math.floor(sorted.length * 0.99)] ?? Number.NaN,
    segments: tally.segments,
    slate: tally.slate,
    failures: tally.failures,
    load,
  };
}

/** What the edge must pass on or hold open rather than keep: each answer's X-Edge, or none. */
async function edgeRules(cluster: Cluster): Promise<string[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const problems: string[] = [];
  // The studio's session, twice: each a miss (the node answers; 401 without a session).
  for (let i = 0; i < 2; i += 1) {
    const studio = await get(agent, `${cluster.siteUrl}${studioUrl('session')}`);
    if (studio.edge !== 'miss')
      problems.push(`the studio's session was answered from the edge (${String(studio.edge)})`);
  }
  // A visitor's call with its cookie, twice: the node answers both.
  for (let i = 0; i < 2; i += 1) {
    const call = await get(agent, `${cluster.siteUrl}${apiUrl('polls')}`, { cookie: 'visitor=bench' });
    if (call.edge !== 'miss') problems.push(`a visitor's call was answered from the edge (${String(call.edge)})`);
  }
  // The event stream: piped, so Varnish's own answer (and its X-Edge) is not in it, and it stays open.
  const stream = await new Promise<{ edge: string | undefined; bytes: number }>((resolve) => {
    const req = request(`${cluster.siteUrl}${apiPrefix}${eventStreamPath}?topics=tv`, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      setTimeout(() => {
        req.destroy();
        const edge = response.headers['x-edge'];
        resolve({ edge: Array.isArray(edge) ? edge[0] : edge, bytes });
      }, 2000);
    });
    req.on('error', () => {
      resolve({ edge: 'error', bytes: 0 });
    });
    req.end();
  });
  if (stream.edge !== undefined || stream.bytes === 0) {
    problems.push(
      `the event stream was not passed through open (X-Edge ${String(stream.edge)}, ${String(stream.bytes)} bytes)`,
    );
  }
  // 500 requests of the radio's playlist at once: one reaches the origin (two if a second turns).
  const burstAgent = new Agent({ keepAlive: true, maxSockets: 500 });
  const before = edgeCounters(cluster).backend;
  const answers = await Promise.all(
    Array.from({ length: 500 }, () => get(burstAgent, `${cluster.mediaUrl}/radio/m3u/stream.m3u8`)),
  );
  const origin = edgeCounters(cluster).backend - before;
  if (answers.some((answer) => answer.status !== 200)) problems.push('a playlist of the burst failed');
  if (origin > 2) problems.push(`a burst of 500 requests of one playlist reached the origin ${String(origin)} times`);
  burstAgent.destroy();
  agent.destroy();
  return problems;
}

export async function runCdnBenchmark(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'efir-bench-cdn-'));
  const database = `efir_bench_cdn_${String(process.pid)}`;
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${database}`;
  const [sitePort = 0, mediaPort = 0] = await freePorts(2);
  const loadBefore = loadavg();
  const cluster = await startCluster({
    cdn: true,
    nodes: 1,
    sitePort,
    mediaPort,
    nodePortOffset: 1000,
    dataDir: join(dataDir, 'data'),
    databaseUrl: databaseUrl.toString(),
    redisUrl,
    env: { LOG_LEVEL: 'error' },
    log,
  });
  const rows: Row[] = [];
  const problems: string[] = [];
  try {
    await untilMediaAir(cluster, rung);
    problems.push(...(await edgeRules(cluster)));
    for (const count of counts) {
      log(`${String(count)} edge viewers`);
      const row = await step(cluster, count);
      rows.push(row);
      log(JSON.stringify(row));
    }
  } finally {
    await cluster.stop();
    await dropDatabase(adminUrl, database);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const first = rows[0];
  const last = rows.at(-1);
  if (first !== undefined && last !== undefined && last.originPerSecond > first.originPerSecond * flatWithin) {
    problems.push(
      `the origin's requests grew from ${fixed(first.originPerSecond, 1)}/s to ${fixed(last.originPerSecond, 1)}/s (limit ×${String(flatWithin)})`,
    );
  }
  for (const row of rows) {
    if (row.failures > 0) problems.push(`${String(row.viewers)} viewers: ${String(row.failures)} requests failed`);
    if (!(row.playlistP99 <= playlistP99Ms)) {
      problems.push(
        `${String(row.viewers)} viewers: playlists p99 ${fixed(row.playlistP99, 0)} ms (limit ${String(playlistP99Ms)})`,
      );
    }
  }
  const markdown = `# The edge in front of the origin, ${new Date().toISOString().slice(0, 10)}

- ${machineDetails()}
- Load average before (1, 5, 15 min): ${loadAverages(loadBefore)}
- \`startCluster({ cdn: true, nodes: 1 })\`: Varnish (deploy/varnish.vcl.template) before nginx and one
  node (PostgreSQL, Redis, the demo's media on the air). Edge viewers of the live TV in this process,
  one socket each, join over ${String(joinMs / 1000)} s: the master playlist once, the ${String(rung)}p playlist
  every 4 s, each new segment once (its first byte). Measured for ${String(measureMs / 1000)} s; the origin's
  requests are Varnish's \`MAIN.backend_req\`.
- Limits: no request failed, playlists p99 ≤ ${String(playlistP99Ms)} ms at the edge, the origin's requests at
  the largest count within ×${String(flatWithin)} of the smallest's; the edge kept no studio call, no visitor's
  call and not the event stream, and a burst of 500 requests of one playlist reached the origin at most twice.

| Edge viewers | Edge requests/s | Origin requests/s | Edge hit ratio | Playlists p99 (ms) | Segments: programme, slate | Failed | Load (1 min) |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${rows
  .map(
    (row) =>
      `| ${String(row.viewers)} | ${fixed(row.clientPerSecond, 0)} | ${fixed(row.originPerSecond, 2)} | ${fixed(row.hitRatio * 100, 2)} % | ${fixed(row.playlistP99, 0)} | ${String(row.segments)}, ${String(row.slate)} | ${String(row.failures)} | ${fixed(row.load, 2)} |`,
  )
  .join('\n')}

${problems.length === 0 ? 'Every limit held.' : `Missed:\n\n${problems.map((problem) => `- ${problem}`).join('\n')}`}
`;
  await writeResult(`cdn-${new Date().toISOString().slice(0, 10)}.md`, markdown);
  if (problems.length > 0) throw new Error(`the edge missed ${String(problems.length)} limit(s)`);
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) await runCdnBenchmark();
