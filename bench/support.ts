// What the benchmarks share: child processes of the site and its ceilings, ports, readiness, the
// machine's details, and writing a result file as the repository's formatter would.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import pg from 'pg';
import { format, resolveConfig } from 'prettier';

import { isFillerSegment, tvStreamPath } from '@efir/contract';
import type { Cluster } from '../deploy/cluster.ts';
import { freePort, freePorts } from '../apps/server/test/free-port.ts';

export { freePort, freePorts };

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));

export const fixed = (value: number, digits: number): string => value.toFixed(digits);

export const log = (message: string): void => {
  process.stderr.write(`[bench] ${message}\n`);
};

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The environment of a benchmark's own site: its data directory, its ports on 127.0.0.1, warnings only. */
export function siteEnv(dataDir: string, port: number, mediaPort: number, demoMedia: 'on' | 'off'): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    MEDIA_PORT: String(mediaPort),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DEMO_MEDIA: demoMedia,
  };
}

export const children: ChildProcess[] = [];

export function startChild(name: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (chunk: Buffer): string =>
    chunk
      .toString('utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => `[${name}] ${line}\n`)
      .join('');
  child.stdout.on('data', (chunk: Buffer) => process.stderr.write(prefix(chunk)));
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(prefix(chunk)));
  children.push(child);
  return child;
}

export const isRunning = (child: ChildProcess): boolean => child.exitCode === null && child.signalCode === null;

export async function stopChild(child: ChildProcess): Promise<void> {
  if (!isRunning(child)) return;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Stops every child this benchmark started. */
export async function stopChildren(): Promise<void> {
  await Promise.all(children.map(stopChild));
}

/** The site (`apps/server/src/server.ts`) running as a child of this benchmark. */
export interface Site {
  child: ChildProcess;
  port: number;
  /** Its origin, `http://127.0.0.1:<port>`. */
  url: string;
  /** Its media port's origin. */
  mediaUrl: string;
  /** What it runs with: siteEnv's and the benchmark's own variables. */
  env: NodeJS.ProcessEnv;
  /** When it was started (ms since the epoch). */
  started: number;
}

/** How a benchmark's site is started. */
export interface SiteOptions {
  demoMedia: 'on' | 'off';
  /** The benchmark's own variables over siteEnv's, given the site's origin. */
  env?: (url: string) => NodeJS.ProcessEnv;
  /** Where the site answers 200 once it is ready, and how long that may take: waited for. */
  ready?: { path: string; timeoutMs: number };
}

/** Starts the site on two free ports with its data in `dataDir`. */
export async function startSite(dataDir: string, options: SiteOptions): Promise<Site> {
  const [port = 0, mediaPort = 0] = await freePorts(2);
  const url = `http://127.0.0.1:${String(port)}`;
  const started = Date.now();
  const env = { ...siteEnv(dataDir, port, mediaPort, options.demoMedia), ...options.env?.(url) };
  const child = startChild('site', ['apps/server/src/server.ts'], env);
  if (options.ready !== undefined) await waitUntilReady(child, url + options.ready.path, options.ready.timeoutMs);
  return { child, port, url, mediaUrl: `http://127.0.0.1:${String(mediaPort)}`, env, started };
}

/** Polls `url` until it answers 200; fails when the child exits or the time is up. */
export async function waitUntilReady(child: ChildProcess, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isRunning(child)) throw new Error(`the server exited (code ${String(child.exitCode)}) before answering`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
}

/** Load averages (1, 5, 15 min) as the result files give them. */
export const loadAverages = (values: readonly number[]): string => values.map((value) => fixed(value, 2)).join(', ');

export function cpuModel(): string {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    return line?.split(':').slice(1).join(':').trim() ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export function nproc(): string {
  try {
    return execFileSync('nproc', { encoding: 'utf8' }).trim();
  } catch {
    return String(availableParallelism());
  }
}

/** Node's version, the cores and the CPU, as a result file names them. */
export const machineDetails = (): string => `Node: ${process.version}; nproc: ${nproc()}; CPU: ${cpuModel()}`;

export function autocannonVersion(): string {
  try {
    const pkg: unknown = JSON.parse(readFileSync(join(repoRoot, 'node_modules/autocannon/package.json'), 'utf8'));
    if (typeof pkg === 'object' && pkg !== null && 'version' in pkg && typeof pkg.version === 'string') {
      return pkg.version;
    }
  } catch {
    // Fall through.
  }
  return 'unknown';
}

/** What one autocannon run measured: latencies in ms. */
export interface Figures {
  requestsPerSecond: number;
  p50: number;
  p97_5: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export const figures = (result: autocannon.Result): Figures => ({
  requestsPerSecond: result.requests.mean,
  p50: result.latency.p50,
  p97_5: result.latency.p97_5,
  p99: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
});

/** A table row's cells from its requests/s to its errors (timeouts), each with its closing `|`. */
export const figureCells = (m: Figures): string =>
  `${fixed(m.requestsPerSecond, 0)} | ${fixed(m.p50, 1)} | ${fixed(m.p97_5, 1)} | ${fixed(m.p99, 1)} | ` +
  `${m.non2xx} | ${m.errors} (${m.timeouts}) |`;

/** Writes `bench/results/<name>` formatted as the repository's formatter would; answers its path. */
export async function writeResult(name: string, markdown: string): Promise<string> {
  mkdirSync(resultsDir, { recursive: true });
  const out = join(resultsDir, name);
  const text = await format(markdown, { ...(await resolveConfig(out)), filepath: out });
  writeFileSync(out, text);
  process.stdout.write(text);
  return out;
}

/** Runs a benchmark started as a script; a failure fails the process. */
export function runAsScript(benchmark: () => Promise<void>): void {
  benchmark().catch((error: unknown) => {
    console.error('bench: failed:', error);
    process.exitCode = 1;
  });
}

/** Drops a benchmark's own database (`adminUrl` names a database of the same server to connect to). */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
    await admin.query(`drop database if exists "${name}" with (force)`);
  } catch (error) {
    log(`could not drop the database ${name}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await admin.end().catch(() => undefined);
  }
}

/** Waits until the cluster's first node is ready and the TV's `rung` playlist lists a programme's
 * segment, not only the slate: a benchmark of viewers measures real media on the air. */
export async function untilMediaAir(cluster: Cluster, rung: number, limitMs = 300_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  log("waiting for the demo's media on the air");
  for (;;) {
    const ready = await fetch(`${cluster.nodes[0]?.siteUrl ?? ''}/health/ready`);
    const playlist = await (await fetch(`${cluster.mediaUrl}${tvStreamPath(0, rung)}`)).text();
    const listed = playlist.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
    if (ready.status === 200 && listed.some((uri) => !isFillerSegment(uri))) return;
    if (Date.now() > deadline)
      throw new Error(`the demo's media did not come on the air within ${String(limitMs / 60_000)} minutes`);
    await sleep(2000);
  }
}
