// Benchmark of the catalogue page and search calls of the real site server (embedded PGlite
// database, demo content) against a ceiling: a bare node:http server answering the same URLs with
// the same JSON bytes from memory, on the same machine.
//
// Usage: node bench/api.ts   (prints a Markdown table; writes it to bench/results/api-<date>.md)
//   API_ANSWERS=uncached   every request a distinct URL (a last `n=<count>`), so the site's answer
//                          cache never answers: what a page costs that nobody asked for in 2 s
//   API_DATABASE=postgres  the site on a database of its own on this machine's PostgreSQL
//                          (DATABASE_URL names the server; default postgres://postgres@127.0.0.1:5432/postgres)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiUrl } from '@efir/contract';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  autocannonVersion,
  cpuModel,
  type Figures,
  figureCells,
  figures,
  fixed,
  freePorts,
  loadAverages,
  log,
  nproc,
  runAsScript,
  startChild,
  startSite,
  stopChildren,
  waitUntilReady,
  writeResult,
} from './support.ts';

const settings = { connections: 50, pipelining: 1, warmupSeconds: 2, durationSeconds: 10 } as const;
const uncached = process.env.API_ANSWERS === 'uncached';
const onPostgres = process.env.API_DATABASE === 'postgres';
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const readyPath = apiUrl('videoCategories');
const readyTimeoutMs = 60_000;

interface Call {
  /** Short id used in the table. */
  id: string;
  title: string;
  path: string;
  headers: Record<string, string>;
  /** Measured against the ceiling too (otherwise compared with the ceiling of `ceilingOf`). */
  ceilingOf: string;
  againstCeiling: boolean;
}

const calls: Call[] = [
  {
    id: 'a',
    title: 'catalogue page 1',
    path: apiUrl('videoCatalogue', { query: { category_id: '', prosmotri: 'false', date_added: 'false', page: 1 } }),
    headers: {},
    ceilingOf: 'a',
    againstCeiling: true,
  },
  {
    id: 'b',
    title: 'catalogue by views, page 2',
    path: apiUrl('videoCatalogue', { query: { category_id: '', prosmotri: 'true', page: 2 } }),
    headers: {},
    ceilingOf: 'b',
    againstCeiling: true,
  },
  {
    id: 'c',
    title: 'radio catalogue page 1',
    path: apiUrl('radioCatalogue', { query: { category_id: '', page: 1 } }),
    headers: {},
    ceilingOf: 'c',
    againstCeiling: true,
  },
  {
    id: 'd',
    title: 'search videos «москва»',
    path: apiUrl('searchVideos', { params: { q: 'москва' } }),
    headers: {},
    ceilingOf: 'd',
    againstCeiling: true,
  },
  {
    id: 'e',
    title: 'search videos «maskva» (Latin, typo)',
    path: apiUrl('searchVideos', { params: { q: 'maskva' } }),
    headers: {},
    ceilingOf: 'e',
    againstCeiling: true,
  },
  {
    id: 'a-latn',
    title: 'catalogue page 1, Accept-Language: ru-latn',
    path: apiUrl('videoCatalogue', { query: { category_id: '', prosmotri: 'false', date_added: 'false', page: 1 } }),
    headers: { 'accept-language': 'ru-latn' },
    ceilingOf: 'a',
    againstCeiling: false,
  },
];

type ServerKind = 'site' | 'ceiling';

interface Measurement extends Figures {
  call: Call;
  server: ServerKind;
  bodyBytes: number;
}

async function fetchBody(base: string, call: Call): Promise<Buffer> {
  const response = await fetch(base + call.path, { headers: call.headers });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${call.path}: status ${response.status}: ${body.toString('utf8')}`);
  return body;
}

/** Each request of an uncached run asks a URL no request asked before. */
let distinct = 0;

async function measure(base: string, call: Call, server: ServerKind, bodyBytes: number): Promise<Measurement> {
  const separator = call.path.includes('?') ? '&' : '?';
  const options = {
    url: base + call.path,
    headers: call.headers,
    connections: settings.connections,
    pipelining: settings.pipelining,
    ...(uncached
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request): autocannon.Request => {
                distinct += 1;
                return { ...request, path: `${call.path}${separator}n=${String(distinct)}` };
              },
            },
          ],
        }
      : {}),
  };
  log(`${call.id} ${call.title} → ${server}: warm-up ${settings.warmupSeconds} s`);
  await autocannon({ ...options, duration: settings.warmupSeconds });
  log(`${call.id} ${call.title} → ${server}: ${settings.durationSeconds} s`);
  const result = await autocannon({ ...options, duration: settings.durationSeconds });
  return { call, server, bodyBytes, ...figures(result) };
}

function table(measurements: Measurement[]): string {
  const ceilingRps = new Map<string, number>();
  for (const m of measurements) if (m.server === 'ceiling') ceilingRps.set(m.call.id, m.requestsPerSecond);
  const lines = [
    '| Call | Server | Body (bytes) | Requests/s | p50 ms | p97.5 ms | p99 ms | Non-2xx | Errors (timeouts) | Of ceiling |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const m of measurements) {
    let ofCeiling = '';
    if (m.server === 'site') {
      const ceiling = ceilingRps.get(m.call.ceilingOf);
      if (ceiling !== undefined && ceiling > 0) {
        const ratio = `${fixed((m.requestsPerSecond / ceiling) * 100, 1)} %`;
        ofCeiling = m.call.ceilingOf === m.call.id ? ratio : `${ratio} (of ${m.call.ceilingOf})`;
      }
    }
    lines.push(`| ${m.call.id}: ${m.call.title} | ${m.server} | ${m.bodyBytes} | ${figureCells(m)} ${ofCeiling} |`);
  }
  return lines.join('\n');
}

function report(measurements: Measurement[], date: string, loadBefore: number[], loadAfter: number[]): string {
  const paths = [...new Map(calls.map((call) => [call.id, call])).values()]
    .map((call) => {
      const headers = Object.entries(call.headers).map(([name, value]) => ` with \`${name}: ${value}\``);
      return `- ${call.id}: \`GET ${call.path}\`${headers.join('')}`;
    })
    .join('\n');
  return [
    `# API benchmark, ${date}`,
    '',
    `- Date: ${date}`,
    `- Node: ${process.version}`,
    `- nproc: ${nproc()}`,
    `- CPU: ${cpuModel()}`,
    `- Load average (1, 5, 15 min) before: ${loadAverages(loadBefore)}; after: ${loadAverages(loadAfter)}`,
    `- autocannon ${autocannonVersion()}, in-process: ${settings.connections} connections, pipelining ` +
      `${settings.pipelining}, ${settings.durationSeconds} s per run after a ${settings.warmupSeconds} s warm-up`,
    `- site: \`node apps/server/src/server.ts\` on ${onPostgres ? "a database of its own on this machine's PostgreSQL 15" : 'a fresh PGlite data directory'} with the demo content, LOG_LEVEL=warn`,
    uncached
      ? '- Every request asks a URL no request asked before (a last `n=<count>`, which the site ignores and the ceiling strips): the answer cache never answers, each request runs its queries'
      : '- Each run repeats one URL: after its first request the site answers from its answer cache',
    '- ceiling: `node bench/ceiling-server.ts`, bare node:http answering the same bytes from memory',
    '- Requests carry no cookie; latencies are in milliseconds; a request unanswered after 10 s counts as a timeout.',
    '',
    paths,
    '',
    table(measurements),
    '',
  ].join('\n');
}

export async function runApiBenchmark(): Promise<void> {
  const tempDir = mkdtempSync(join(tmpdir(), 'efir-bench-'));
  const state = { interrupted: false };
  const cleanup = async (): Promise<void> => {
    await stopChildren();
    rmSync(tempDir, { recursive: true, force: true });
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    if (state.interrupted) return;
    state.interrupted = true;
    log(`${signal}: stopping`);
    void cleanup().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const loadBefore = loadavg();
  const database = `efir_bench_api_${String(process.pid)}`;
  const admin = onPostgres ? new pg.Client({ connectionString: adminUrl }) : undefined;
  try {
    const databaseEnv: NodeJS.ProcessEnv = {};
    if (admin !== undefined) {
      await admin.connect();
      await admin.query(`create database "${database}"`);
      const url = new URL(adminUrl);
      url.pathname = `/${database}`;
      databaseEnv.DATABASE_URL = url.toString();
    }
    log(`starting the site (DATA_DIR=${join(tempDir, 'data')})`);
    const site = await startSite(join(tempDir, 'data'), {
      // No demo media made in the background: ffmpeg would take the cores the calls are measured on.
      demoMedia: 'off',
      env: () => databaseEnv,
      ready: { path: readyPath, timeoutMs: readyTimeoutMs },
    });
    const siteBase = site.url;
    log(`site ready on ${siteBase} after ${fixed((Date.now() - site.started) / 1000, 1)} s`);
    // Picked once the site listens, so that it is none of the site's ports.
    const [ceilingPort = 0] = await freePorts(1);
    const ceilingBase = `http://127.0.0.1:${ceilingPort}`;

    const bodies = new Map<string, Buffer>();
    for (const call of calls) bodies.set(call.id, await fetchBody(siteBase, call));
    const ceilingBodies = Object.fromEntries(
      calls.filter((call) => call.againstCeiling).map((call) => [call.path, bodies.get(call.id)?.toString('base64')]),
    );
    const bodiesFile = join(tempDir, 'bodies.json');
    writeFileSync(bodiesFile, JSON.stringify(ceilingBodies));

    log(`starting the ceiling on ${ceilingBase}`);
    const ceiling = startChild('ceiling', ['bench/ceiling-server.ts', String(ceilingPort), bodiesFile], process.env);
    const probe = calls.find((call) => call.againstCeiling)?.path ?? '/';
    await waitUntilReady(ceiling, ceilingBase + probe, 10_000);
    for (const call of calls.filter((c) => c.againstCeiling)) {
      const fromCeiling = await fetchBody(ceilingBase, call);
      if (!fromCeiling.equals(bodies.get(call.id) ?? Buffer.alloc(0))) {
        throw new Error(`${call.path}: the ceiling's body differs from the site's`);
      }
    }

    const measurements: Measurement[] = [];
    for (const call of calls) {
      const bodyBytes = bodies.get(call.id)?.length ?? 0;
      measurements.push(await measure(siteBase, call, 'site', bodyBytes));
      if (call.againstCeiling) measurements.push(await measure(ceilingBase, call, 'ceiling', bodyBytes));
    }

    const date = new Date().toISOString().slice(0, 10);
    const name = `api-${date}${uncached ? '-uncached' : ''}${onPostgres ? '-postgres' : ''}.md`;
    const out = await writeResult(name, report(measurements, date, loadBefore, loadavg()));
    log(`written to ${out}`);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (!state.interrupted) await cleanup();
    if (admin !== undefined) {
      await admin.query(`drop database if exists "${database}" with (force)`).catch(() => undefined);
      await admin.end();
    }
  }
}

if (import.meta.main) runAsScript(runApiBenchmark);
