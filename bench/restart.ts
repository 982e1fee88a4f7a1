// How long a restart with nothing changed keeps the site off air: `npm start` running on a
// DATA_DIR it has started on before (the web app built, the database made), stopped with SIGTERM
// to its process group (what Ctrl-C or a service manager sends) and started again once the group
// is gone, until the home page and the live TV playlist on the media port both answer 200.
//
// Usage: node bench/restart.ts   (writes bench/results/restart-<date>.md)
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  fixed,
  freePorts,
  loadAverages,
  log,
  machineDetails,
  repoRoot,
  siteEnv,
  sleep,
  writeResult,
} from './support.ts';

const restarts = 5;
const limitMs = 120_000;

interface Npm {
  child: ChildProcess;
  exited: Promise<void>;
}

function npmStart(env: NodeJS.ProcessEnv): Npm {
  // Its own process group, so SIGTERM reaches npm, its shell and the server as a terminal's would.
  const child = spawn('npm', ['start'], { cwd: repoRoot, env, detached: true, stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  return { child, exited };
}

async function answers200(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/** Milliseconds from `since` until every address answers 200, polled every 50 ms. */
async function serving(urls: string[], since: number): Promise<number> {
  const pending = new Set(urls);
  while (pending.size > 0) {
    if (Date.now() - since > limitMs) throw new Error(`${[...pending].join(', ')} did not answer within the limit`);
    for (const url of [...pending]) if (await answers200(url)) pending.delete(url);
    if (pending.size > 0) await sleep(50);
  }
  return Date.now() - since;
}

/** Whether a process of the group still runs. A zombie does not count: its parent shell died
 * with the group, and who adopts it may take a second to reap it. */
const groupAlive = (pgid: number): boolean =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/u.test(name))
    .some((pid) => {
      try {
        // pid (comm) state ppid pgrp …; comm may hold spaces, so read from its closing parenthesis.
        const [state, , pgrp] = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
        return Number(pgrp) === pgid && state !== 'Z';
      } catch {
        return false;
      }
    });

/** SIGTERM to the group, then waits until every process of it has exited (npm exits before the
 * server has closed); answers how long that took. */
async function stop(npm: Npm): Promise<number> {
  const pid = npm.child.pid;
  if (pid === undefined) return 0;
  const started = Date.now();
  process.kill(-pid, 'SIGTERM');
  await npm.exited;
  while (groupAlive(pid)) await sleep(10);
  return Date.now() - started;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

export async function runRestartBenchmark(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'efir-bench-restart-'));
  const [port = 0, mediaPort = 0] = await freePorts(2);
  const env = siteEnv(dataDir, port, mediaPort, 'off');
  const urls = [`http://127.0.0.1:${port}/`, `http://127.0.0.1:${mediaPort}/tv/stream.m3u8`];
  const loadBefore = loadavg();
  let npm = npmStart(env);
  const runs: { stopMs: number; offAirMs: number }[] = [];
  try {
    log('first start (builds the web app if its sources changed, writes the demo content)');
    await serving(urls, Date.now());
    for (let run = 1; run <= restarts; run += 1) {
      await sleep(2_000);
      const stopped = Date.now();
      const stopMs = await stop(npm);
      npm = npmStart(env);
      const offAirMs = await serving(urls, stopped);
      runs.push({ stopMs, offAirMs });
      log(`restart ${run}: off air ${fixed(offAirMs / 1000, 2)} s (stopping took ${fixed(stopMs / 1000, 2)} s)`);
    }
  } finally {
    await stop(npm);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const seconds = (ms: number): string => fixed(ms / 1000, 2);
  const offAir = runs.map((run) => run.offAirMs);
  const markdown = `# Restart with nothing changed, ${new Date().toISOString().slice(0, 10)}

- ${machineDetails()}
- Load average before (1, 5, 15 min): ${loadAverages(loadBefore)}
- \`npm start\` on a \`DATA_DIR\` it started on before (PGlite, \`DEMO_MEDIA=off\`), SIGTERM to its
  process group, started again once every process of the group is gone; off air until \`/\` and
  the media port's \`/tv/stream.m3u8\` both answer 200 (polled every 50 ms)

| Restart | Stopping (s) | Off air: SIGTERM to both 200 (s) |
| ------: | -----------: | -------------------------------: |
${runs.map((run, index) => `| ${index + 1} | ${seconds(run.stopMs)} | ${seconds(run.offAirMs)} |`).join('\n')}

Median off air ${seconds(median(offAir))} s, range ${seconds(Math.min(...offAir))}–${seconds(Math.max(...offAir))} s.
`;
  await writeResult(`restart-${new Date().toISOString().slice(0, 10)}.md`, markdown);
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) await runRestartBenchmark();
