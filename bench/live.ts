// Benchmark of the live playlists at 1,000 concurrent clients: the real site's media port
// computing `/tv/720/stream.m3u8` and `/radio/m3u/stream.m3u8` for each instant, against the
// same machine's nginx (Debian's package) serving the same bytes from a static file: the ceiling.
//
// Usage: node bench/live.ts   (prints a Markdown table; writes bench/results/live-<date>.md)
//   LIVE_RUNS=3   rounds of both servers, the order of site and nginx swapped every other round;
//                 each round's ratio is reported with their median and spread, not the best one
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import autocannon from 'autocannon';
import {
  autocannonVersion,
  children,
  figureCells,
  type Figures,
  figures,
  fixed,
  freePorts,
  loadAverages,
  log,
  machineDetails,
  runAsScript,
  startSite,
  stopChildren,
  waitUntilReady,
  writeResult,
} from './support.ts';

const settings = { connections: 1000, warmupSeconds: 3, durationSeconds: 15 } as const;
const runs = Number(process.env.LIVE_RUNS ?? 3);
const playlists = [
  { id: 'tv', title: 'TV, 720 rung', path: '/tv/720/stream.m3u8' },
  { id: 'radio', title: 'radio, m3u', path: '/radio/m3u/stream.m3u8' },
] as const;

interface Measurement extends Figures {
  run: number;
  id: string;
  title: string;
  server: 'site' | 'nginx';
  bytes: number;
}

/** Debian's nginx: installed when missing and we may (root with apt). */
function nginxBinary(): string {
  const found = spawnSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx'], { encoding: 'utf8' });
  const path = found.stdout.trim().split('\n')[0];
  if (found.status === 0 && path !== undefined && path !== '') return path;
  if (process.getuid?.() !== 0) throw new Error('nginx is missing: apt-get install nginx');
  log('apt-get install nginx (the ceiling)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['install', '-y', '-qq', 'nginx'], { stdio: 'inherit', env });
  return '/usr/sbin/nginx';
}

function nginxVersion(binary: string): string {
  return spawnSync(binary, ['-v'], { encoding: 'utf8' }).stderr.trim();
}

function startNginx(binary: string, dir: string, port: number): ChildProcess {
  const config = join(dir, 'nginx.conf');
  writeFileSync(
    config,
    `worker_processes auto;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 8192; }
http {
  access_log off;
  types { application/vnd.apple.mpegurl m3u8; }
  sendfile on;
  keepalive_requests 100000;
  server {
    listen 127.0.0.1:${port};
    root ${join(dir, 'www')};
    location / { add_header Cache-Control "public, max-age=1"; }
  }
}
`,
  );
  const child = spawn(binary, ['-c', config, '-p', dir, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  return child;
}

async function measure(url: string): Promise<autocannon.Result> {
  await autocannon({ url, connections: settings.connections, duration: settings.warmupSeconds });
  return autocannon({ url, connections: settings.connections, duration: settings.durationSeconds });
}

function report(measurements: Measurement[], date: string, loadBefore: number[], nginx: string): string {
  const siteOf = (m: Measurement): Measurement | undefined =>
    measurements.find((other) => other.server === 'site' && other.id === m.id && other.run === m.run);
  const ratio = (m: Measurement): number => ((siteOf(m)?.requestsPerSecond ?? 0) / m.requestsPerSecond) * 100;
  const rows = measurements.map((m) => {
    const ofNginx = m.server === 'site' ? '' : `${fixed(ratio(m), 1)} %`;
    return `| ${String(m.run)} | ${m.title} | ${m.server} | ${m.bytes} | ${figureCells(m)} ${ofNginx} |`;
  });
  const summary = playlists.map((playlist) => {
    const ratios = measurements
      .filter((m) => m.server === 'nginx' && m.id === playlist.id)
      .map(ratio)
      .sort((a, b) => a - b);
    const timeouts = measurements
      .filter((m) => m.server === 'site' && m.id === playlist.id)
      .reduce((sum, m) => sum + m.timeouts + m.errors + m.non2xx, 0);
    const median = ratios[Math.floor((ratios.length - 1) / 2)] ?? Number.NaN;
    return (
      `| ${playlist.title} | ${ratios.map((r) => `${fixed(r, 1)} %`).join(', ')} | ${fixed(median, 1)} % | ` +
      `${fixed(ratios[0] ?? Number.NaN, 1)}–${fixed(ratios.at(-1) ?? Number.NaN, 1)} % | ${String(timeouts)} |`
    );
  });
  return [
    `# Live playlist benchmark, ${date}`,
    '',
    `- ${machineDetails()}`,
    `- Load average (1, 5, 15 min) before: ${loadAverages(loadBefore)}; after: ${loadAverages(loadavg())}`,
    `- autocannon ${autocannonVersion()}, in-process: ${settings.connections} connections, ` +
      `${settings.durationSeconds} s after a ${settings.warmupSeconds} s warm-up; ${String(runs)} rounds, nginx first in the even ones`,
    '- site: `node apps/server/src/server.ts` (one process), its media port, the demo schedule on the air',
    `- nginx: ${nginx}, \`worker_processes auto\`, access log off, the same playlist bytes as a static file`,
    '',
    "| Playlist | Site of nginx, each round | Median | Spread | Site's failed requests (timeouts, errors, non-2xx) |",
    '| --- | --- | ---: | ---: | ---: |',
    ...summary,
    '',
    '| Round | Playlist | Server | Bytes | Requests/s | p50 ms | p97.5 ms | p99 ms | Non-2xx | Errors (timeouts) | Site of nginx |',
    '| ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
  ].join('\n');
}

export async function runLiveBenchmark(): Promise<void> {
  const tempDir = mkdtempSync(join(tmpdir(), 'efir-bench-live-'));
  // nginx's workers drop root for an unprivileged user, who must reach the files.
  chmodSync(tempDir, 0o755);
  const loadBefore = loadavg();
  try {
    const nginx = nginxBinary();
    const site = await startSite(join(tempDir, 'data'), { demoMedia: 'off' });
    const mediaBase = site.mediaUrl;
    log(`starting the site, media port ${mediaBase}`);
    for (const playlist of playlists) await waitUntilReady(site.child, mediaBase + playlist.path, 60_000);
    // Picked once the site listens, so that it is none of the site's ports.
    const [nginxPort = 0] = await freePorts(1);
    const nginxBase = `http://127.0.0.1:${nginxPort}`;

    const bytes = new Map<string, number>();
    for (const playlist of playlists) {
      const body = Buffer.from(await (await fetch(mediaBase + playlist.path)).arrayBuffer());
      bytes.set(playlist.id, body.length);
      const file = join(tempDir, 'www', playlist.path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, body);
    }
    log(`starting nginx on ${nginxBase}`);
    const ceiling = startNginx(nginx, tempDir, nginxPort);
    await waitUntilReady(ceiling, nginxBase + playlists[0].path, 10_000);

    const measurements: Measurement[] = [];
    for (let run = 1; run <= runs; run += 1) {
      for (const playlist of playlists) {
        const servers = [
          ['site', mediaBase],
          ['nginx', nginxBase],
        ] as const;
        for (const [server, base] of run % 2 === 0 ? [...servers].reverse() : servers) {
          log(`round ${String(run)}: ${playlist.id} → ${server}: ${settings.connections} connections`);
          measurements.push({
            run,
            id: playlist.id,
            title: playlist.title,
            server,
            bytes: bytes.get(playlist.id) ?? 0,
            ...figures(await measure(base + playlist.path)),
          });
        }
      }
    }
    const date = new Date().toISOString().slice(0, 10);
    const out = await writeResult(`live-${date}.md`, report(measurements, date, loadBefore, nginxVersion(nginx)));
    log(`written to ${out}`);
  } finally {
    await stopChildren();
    rmSync(tempDir, { recursive: true, force: true });
  }
}

if (import.meta.main) runAsScript(runLiveBenchmark);
