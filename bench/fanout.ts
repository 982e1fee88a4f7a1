// Chat fan-out over the event stream: one site (PGlite, no demo media) holds FANOUT_LISTENERS event
// streams of the TV chat (`?topics=chat-tv`, as the home page opens it) while FANOUT_RATE messages a
// second are posted for FANOUT_SECONDS; every listener times each message from its post to its arrival.
// The site's memory is read before the streams open and once they are all open: the difference
// over their count is what one connection costs. The listeners are plain sockets in this
// process (a browser's EventSource costs the server the same), so they share the machine's two
// cores with the site, as the load generators of the other benchmarks do. They come from as many
// loopback addresses as the site's streams-per-address limit asks (an audience has many). Each
// stream keeps which
// messages it got: the run fails when any stream missed one or got one twice, when a stream did not
// open, or when the delivery's p99 or the memory per connection is over its limit (the result is
// written first, saying which).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPrefix, apiUrl, eventStreamPath, eventStreamsPerAddress } from '@efir/contract';
import {
  cpuModel,
  fixed,
  loadAverages,
  log,
  nproc,
  runAsScript,
  sleep,
  startSite,
  stopChildren,
  writeResult,
} from './support.ts';

const listeners = Number(process.env.FANOUT_LISTENERS ?? 10_000);
const rate = Number(process.env.FANOUT_RATE ?? 5);
const seconds = Number(process.env.FANOUT_SECONDS ?? 30);
/** Opened this many at a time, so the site's accept queue never overflows. */
const openBatch = 250;
/** The limits the run is judged by (issue 35): delivery p99 and memory per connection. */
const deliveryP99LimitMs = 500;
const perConnectionLimitBytes = 40 * 1024;

/** The resident memory of a process, in bytes. */
function residentBytes(pid: number): number {
  const line = readFileSync(`/proc/${String(pid)}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(/(\d+)/u.exec(line ?? '')?.[1] ?? 0) * 1024;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

interface Listener {
  /** Resolves with the first event (the room's list). */
  opened: Promise<void>;
  /** How many times this stream carried each message, by its number. */
  received: Map<number, number>;
  close(): void;
}

/** The loopback address the `index`th stream comes from: 127.1.0.1 for the first
 * `eventStreamsPerAddress`, then the next, and so on. */
function streamAddress(index: number): string {
  const address = Math.floor(index / eventStreamsPerAddress);
  return `127.1.${String(Math.floor(address / 250))}.${String(1 + (address % 250))}`;
}

/** One event stream; each `bench <seq> <posted at>` it carries is timed into `latencies`. */
function listen(port: number, from: string, latencies: number[]): Listener {
  const received = new Map<number, number>();
  let tail = '';
  let settle: (() => void) | undefined;
  let fail: ((error: Error) => void) | undefined;
  const opened = new Promise<void>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  const req = request(
    {
      host: '127.0.0.1',
      port,
      localAddress: from,
      path: `${apiPrefix}${eventStreamPath}?topics=chat-tv`,
      agent: false,
    },
    (response) => {
      if (response.statusCode !== 200) fail?.(new Error(`the stream answered ${String(response.statusCode)}`));
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const now = Date.now();
        const text = tail + chunk;
        if (text.includes('event: chat')) settle?.();
        for (const match of text.matchAll(/bench (\d+) (\d+)/gu)) {
          const seq = Number(match[1]);
          latencies.push(now - Number(match[2]));
          received.set(seq, (received.get(seq) ?? 0) + 1);
        }
        // A marker cut between two chunks is read whole with the next one.
        const cut = text.lastIndexOf('bench ');
        tail = cut >= 0 && !/bench \d+ \d{13}/u.test(text.slice(cut)) ? text.slice(cut) : '';
      });
    },
  );
  req.on('error', (error) => fail?.(error));
  req.end();
  return { opened, received, close: () => req.destroy() };
}

/** Over every stream: the messages it never got, and the extra copies of those it got again. */
function deliveryCounts(streams: readonly Listener[], posts: number): { missed: number; twice: number } {
  let missed = 0;
  let twice = 0;
  for (const stream of streams) {
    for (let seq = 0; seq < posts; seq += 1) {
      const times = stream.received.get(seq) ?? 0;
      if (times === 0) missed += 1;
      else twice += times - 1;
    }
  }
  return { missed, twice };
}

export async function runFanoutBenchmark(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'efir-bench-fanout-'));
  const latencies: number[] = [];
  const open: Listener[] = [];
  try {
    const {
      child: site,
      port,
      url: base,
    } = await startSite(dataDir, {
      demoMedia: 'off',
      // One poster at RATE a second: the chat's limits on one visitor are not under test.
      env: () => ({
        CHAT_NEWCOMERS_PER_MINUTE: '1000000',
        CHAT_SLOW_MODE_RATE: '1000000',
        ADDRESS_ACTIONS_PER_HOUR: '1000000',
      }),
      ready: { path: '/health/ready', timeoutMs: 120_000 },
    });
    const run = (await (await fetch(`${base}${apiUrl('teleprogramRunStatus')}`)).json()) as { id: number } | 'none';
    if (run === 'none') throw new Error('no TV day on air');
    await sleep(3000);
    const loadBefore = loadavg();
    const pid = site.pid ?? 0;
    const before = residentBytes(pid);
    log(`opening ${String(listeners)} event streams`);
    for (let start = 0; start < listeners; start += openBatch) {
      const batch = Array.from({ length: Math.min(openBatch, listeners - start) }, (_, offset) =>
        listen(port, streamAddress(start + offset), latencies),
      );
      await Promise.all(batch.map((listener) => listener.opened));
      open.push(...batch);
    }
    await sleep(3000);
    const withStreams = residentBytes(pid);
    log(`posting ${String(rate)} a second for ${String(seconds)} s`);
    const posts = rate * seconds;
    const started = Date.now();
    for (let seq = 0; seq < posts; seq += 1) {
      await sleep(Math.max(0, started + (seq * 1000) / rate - Date.now()));
      const answer = await fetch(`${base}${apiUrl('chatPost', { params: { room: 'teleprogram', id: run.id } })}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ name: 'Нагрузка', message: `bench ${String(seq)} ${String(Date.now())}` }),
      });
      if (answer.status !== 201) throw new Error(`a post answered ${String(answer.status)}: ${await answer.text()}`);
    }
    await sleep(5000);
    const peak = residentBytes(pid);
    const sorted = [...latencies].sort((a, b) => a - b);
    const expected = posts * listeners;
    const perConnection = (withStreams - before) / listeners;
    const { missed, twice } = deliveryCounts(open, posts);
    const p99 = percentile(sorted, 99);
    const problems = [
      ...(open.length < listeners ? [`${String(listeners - open.length)} streams did not open`] : []),
      ...(missed > 0 ? [`${String(missed)} deliveries missed`] : []),
      ...(twice > 0 ? [`${String(twice)} deliveries twice`] : []),
      ...(p99 > deliveryP99LimitMs ? [`delivery p99 ${fixed(p99, 0)} ms over ${String(deliveryP99LimitMs)}`] : []),
      ...(perConnection > perConnectionLimitBytes
        ? [`${fixed(perConnection / 1024, 1)} KB a connection over ${String(perConnectionLimitBytes / 1024)}`]
        : []),
    ];
    const markdown = `# Chat fan-out over the event stream, ${new Date().toISOString().slice(0, 10)}

- Node ${process.version}, \`nproc\` ${nproc()}, ${cpuModel()}
- Load average before (1, 5, 15 min): ${loadAverages(loadBefore)}
- One site (PGlite, \`DEMO_MEDIA=off\`); ${String(listeners)} event streams of the TV chat
  (\`?topics=chat-tv\`) from this process; ${String(rate)} posts a second for ${String(seconds)} s,
  each timed from its post to its arrival at every stream

| Figure | Value | Target |
| --- | ---: | ---: |
| Streams open | ${String(open.length)} | ${String(listeners)} |
| Messages delivered | ${String(latencies.length)} of ${String(expected)} | all |
| Streams × messages never delivered | ${String(missed)} | 0 |
| Streams × messages delivered twice | ${String(twice)} | 0 |
| Delivery p50 (ms) | ${fixed(percentile(sorted, 50), 0)} | |
| Delivery p99 (ms) | ${fixed(p99, 0)} | ≤ ${String(deliveryP99LimitMs)} |
| Delivery max (ms) | ${fixed(sorted.at(-1) ?? Number.NaN, 0)} | |
| Site memory before the streams (MB) | ${fixed(before / 2 ** 20, 0)} | |
| Site memory with the streams (MB) | ${fixed(withStreams / 2 ** 20, 0)} | |
| Site memory after the posts (MB) | ${fixed(peak / 2 ** 20, 0)} | |
| Memory per connection (KB) | ${fixed(perConnection / 1024, 1)} | ≤ ${String(perConnectionLimitBytes / 1024)} |

${problems.length === 0 ? '- **Passed**: every stream got every message once, within the limits.' : `- **Failed**: ${problems.join('; ')}.`}
`;
    await writeResult(`fanout-${new Date().toISOString().slice(0, 10)}.md`, markdown);
    if (problems.length > 0) throw new Error(`fan-out: ${problems.join('; ')}`);
  } finally {
    for (const listener of open) listener.close();
    await stopChildren();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) runAsScript(runFanoutBenchmark);
