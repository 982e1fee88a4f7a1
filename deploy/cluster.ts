// `npm run cluster`: Efir as it scales out, on this machine. Two nodes (or CLUSTER_NODES) on
// this machine's PostgreSQL and Redis, sharing one data directory, behind Debian's nginx, which
// listens on the site's and the media port, serves the segments itself and balances the rest
// (deploy/nginx.conf.template). Each node is asked /health/ready every second; an unready or
// stopped node is taken out of nginx's lists until it is ready again. With `--cdn`, Varnish takes
// the two ports as the edge in front of nginx (deploy/varnish.vcl.template), nginx 500 above them.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { preparedMediaEnv } from '../apps/server/src/config.ts';

const root = resolve(import.meta.dirname, '..');

export interface ClusterOptions {
  nodes: number;
  sitePort: number;
  mediaPort: number;
  /** Each node i listens on sitePort + nodePortOffset + i and mediaPort + nodePortOffset + i. */
  nodePortOffset: number;
  dataDir: string;
  databaseUrl: string;
  redisUrl: string;
  /** More settings for every node (LOG_LEVEL, DEMO_MEDIA …). */
  env: Record<string, string>;
  log: (line: string) => void;
  /** Varnish in front as the edge (deploy/varnish.vcl.template) on the site's and the media port,
   * nginx behind it on ports `cdnOffset` above them. */
  cdn?: boolean;
}

/** How far above the public ports nginx listens when Varnish takes them. */
export const cdnOffset = 500;

export interface ClusterNode {
  index: number;
  siteUrl: string;
  mediaUrl: string;
  /** Whether nginx sends it visitors now. */
  readonly inRotation: boolean;
  /** Ends the node's process (SIGKILL: as a crash does) and waits for it to be gone. */
  kill(): Promise<void>;
  /** Stops it as a service manager does (SIGTERM: it closes gracefully) and waits for it to be gone. */
  stop(): Promise<void>;
  /** Starts it again on the same ports and waits until it answers. */
  start(): Promise<void>;
}

export interface Cluster {
  siteUrl: string;
  mediaUrl: string;
  nodes: ClusterNode[];
  /** With a CDN: varnishd's working directory, which `varnishstat -n` reads. */
  edge?: { workDir: string };
  stop(): Promise<void>;
}

const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function ready(url: string): Promise<boolean> {
  try {
    const answer = await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(900) });
    return answer.status === 200;
  } catch {
    return false;
  }
}

/** A program from the PATH or Debian's place (nginx, varnishd); its package installed with apt
 * where we may. */
function locateProgram(program: string, debianPackage: string, log: (line: string) => void): string {
  for (const candidate of [`/usr/sbin/${program}`, `/usr/local/sbin/${program}`]) {
    if (existsSync(candidate)) return candidate;
  }
  const found = spawnSync('sh', ['-c', `command -v ${program}`], { encoding: 'utf8' }).stdout.trim();
  if (found !== '') return found;
  const mayInstall = process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
  if (!mayInstall) throw new Error(`the cluster needs ${program}: apt-get install ${debianPackage}`);
  log(`apt-get install ${debianPackage}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', debianPackage], {
    stdio: 'inherit',
    env,
  });
  return `/usr/sbin/${program}`;
}

/** Creates the database named in `url` if it is not there (on a fresh machine). */
async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

/** The nginx configuration for these nodes, from the template, `down` on those out of rotation. */
export function nginxConfig(options: ClusterOptions, prefix: string, inRotation: readonly boolean[]): string {
  const servers = (port: number) =>
    inRotation
      .map(
        (up, i) =>
          `server 127.0.0.1:${String(port + options.nodePortOffset + i)} max_fails=1 fail_timeout=2s${up ? '' : ' down'};`,
      )
      .join('\n    ');
  const origins = siteOrigins(options)
    .map((origin) => `"${origin}" "${origin}";`)
    .join('\n    ');
  const behind = options.cdn === true ? cdnOffset : 0;
  const values: Record<string, string> = {
    SITE_PORT: String(options.sitePort + behind),
    MEDIA_PORT: String(options.mediaPort + behind),
    SITE_NODES: servers(options.sitePort),
    MEDIA_NODES: servers(options.mediaPort),
    MEDIA_DIR: resolve(options.dataDir, 'media'),
    SITE_ORIGINS: origins,
    PREFIX: prefix,
    USER: userInfo().username,
  };
  return filled('nginx.conf.template', values);
}

/** The Varnish configuration in front of nginx's ports. */
export function varnishConfig(options: ClusterOptions): string {
  return filled('varnish.vcl.template', {
    NGINX_SITE_PORT: String(options.sitePort + cdnOffset),
    NGINX_MEDIA_PORT: String(options.mediaPort + cdnOffset),
  });
}

/** A template of deploy/ with its {{NAME}}s replaced by `values`. */
function filled(template: string, values: Record<string, string>): string {
  return readFileSync(join(root, 'deploy', template), 'utf8').replace(/\{\{(\w+)\}\}/gu, (_all, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`deploy/${template} names {{${name}}}, which the cluster does not know`);
    return value;
  });
}

function siteOrigins(options: ClusterOptions): string[] {
  return [`http://127.0.0.1:${String(options.sitePort)}`, `http://localhost:${String(options.sitePort)}`];
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const nginx = locateProgram('nginx', 'nginx', options.log);
  const varnishd = options.cdn === true ? locateProgram('varnishd', 'varnish', options.log) : undefined;
  await ensureDatabase(options.databaseUrl);
  mkdirSync(options.dataDir, { recursive: true });
  const prefix = resolve(options.dataDir, '..', `${String(options.sitePort)}-nginx`);
  mkdirSync(prefix, { recursive: true });
  const confFile = join(prefix, 'nginx.conf');

  const rotation = Array.from({ length: options.nodes }, () => false);
  const children: (ChildProcess | undefined)[] = Array.from({ length: options.nodes }, () => undefined);
  const nodeEnv = (i: number): Record<string, string> => ({
    PATH: process.env.PATH ?? '',
    ...preparedMediaEnv(process.env),
    DATA_DIR: resolve(options.dataDir),
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    HOST: '127.0.0.1',
    PORT: String(options.sitePort + options.nodePortOffset + i),
    MEDIA_PORT: String(options.mediaPort + options.nodePortOffset + i),
    PUBLIC_MEDIA_PORT: String(options.mediaPort),
    PUBLIC_URL: `http://localhost:${String(options.sitePort)}`,
    SITE_ORIGINS: siteOrigins(options).join(','),
    // nginx on this machine is the one proxy whose X-Forwarded-For is believed.
    TRUST_PROXY: '127.0.0.1',
    ...(process.env.FFMPEG_PATH === undefined ? {} : { FFMPEG_PATH: process.env.FFMPEG_PATH }),
    ...(process.env.FFPROBE_PATH === undefined ? {} : { FFPROBE_PATH: process.env.FFPROBE_PATH }),
    ...options.env,
  });
  const siteUrlOf = (i: number) => `http://127.0.0.1:${String(options.sitePort + options.nodePortOffset + i)}`;

  const writeConfig = (): void => {
    // nginx takes no upstream with every server down: then all are listed, and answer as they can.
    const listed = rotation.some(Boolean) ? rotation : rotation.map(() => true);
    writeFileSync(confFile, nginxConfig(options, prefix, listed));
  };
  writeConfig();
  execFileSync(nginx, ['-t', '-q', '-c', confFile, '-p', prefix], { stdio: 'inherit' });
  execFileSync(nginx, ['-c', confFile, '-p', prefix], { stdio: 'inherit' });
  const reload = (): void => {
    writeConfig();
    // nginx says it signalled its master on every reload; only a failure is worth telling.
    const reloaded = spawnSync(nginx, ['-s', 'reload', '-c', confFile, '-p', prefix], { encoding: 'utf8' });
    if (reloaded.status !== 0) options.log(`nginx did not reload: ${reloaded.stderr}`);
  };

  const startNode = async (i: number): Promise<void> => {
    const child = spawn(process.execPath, [join(root, 'apps/server/src/server.ts')], {
      env: nodeEnv(i),
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children[i] = child;
    const deadline = Date.now() + 120_000;
    while (!(await ready(siteUrlOf(i)))) {
      if (child.exitCode !== null) throw new Error(`node ${String(i + 1)} exited (${String(child.exitCode)})`);
      if (Date.now() > deadline) throw new Error(`node ${String(i + 1)} was not ready within 2 minutes`);
      await wait(200);
    }
  };

  // The health check: every second, each node's /health/ready decides whether nginx lists it.
  let checking = true;
  const check = async (): Promise<void> => {
    while (checking) {
      const now = await Promise.all(rotation.map((_, i) => ready(siteUrlOf(i))));
      if (now.some((up, i) => up !== rotation[i])) {
        now.forEach((up, i) => {
          if (up !== rotation[i])
            options.log(`node ${String(i + 1)} ${up ? 'is ready: in rotation' : 'is not ready: out of rotation'}`);
          rotation[i] = up;
        });
        reload();
      }
      await wait(1000);
    }
  };

  const stopNode = async (i: number, signal: NodeJS.Signals): Promise<void> => {
    const child = children[i];
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill(signal);
    await exited;
  };
  const quitNginx = (): void => {
    spawnSync(nginx, ['-s', 'quit', '-c', confFile, '-p', prefix], { stdio: 'ignore' });
  };
  const edgeDir = join(prefix, 'varnish');
  let edge: ChildProcess | undefined;
  const stopEdge = async (): Promise<void> => {
    if (edge === undefined || edge.exitCode !== null || edge.signalCode !== null) return;
    const exited = new Promise((done) => edge?.once('exit', done));
    edge.kill('SIGTERM');
    await exited;
  };

  // The first node writes the demo into an empty database; the others start on what it wrote.
  try {
    await startNode(0);
    await Promise.all(rotation.slice(1).map((_, i) => startNode(i + 1)));
    if (varnishd !== undefined) edge = await startEdge(varnishd, options, prefix, edgeDir);
  } catch (error) {
    await stopEdge();
    await Promise.all(children.map((_, i) => stopNode(i, 'SIGTERM')));
    quitNginx();
    throw error;
  }
  const checked = check();

  return {
    siteUrl: `http://127.0.0.1:${String(options.sitePort)}`,
    mediaUrl: `http://127.0.0.1:${String(options.mediaPort)}`,
    nodes: rotation.map((_, i) => ({
      index: i,
      siteUrl: siteUrlOf(i),
      mediaUrl: `http://127.0.0.1:${String(options.mediaPort + options.nodePortOffset + i)}`,
      get inRotation() {
        return rotation[i] ?? false;
      },
      kill: () => stopNode(i, 'SIGKILL'),
      stop: () => stopNode(i, 'SIGTERM'),
      start: () => startNode(i),
    })),
    ...(edge === undefined ? {} : { edge: { workDir: edgeDir } }),
    stop: async () => {
      checking = false;
      await checked;
      await stopEdge();
      await Promise.all(children.map((_, i) => stopNode(i, 'SIGTERM')));
      quitNginx();
    },
  };
}

/** Starts varnishd in the foreground on the public ports, in front of nginx, and waits until the
 * site answers through it. */
async function startEdge(
  varnishd: string,
  options: ClusterOptions,
  prefix: string,
  workDir: string,
): Promise<ChildProcess> {
  const vcl = join(prefix, 'varnish.vcl');
  writeFileSync(vcl, varnishConfig(options));
  const args = [
    // No jail: it runs as the runner's user, as nginx's workers do (DATA_DIR is the owner's only).
    ...['-F', '-j', 'none', '-n', workDir, '-f', vcl, '-s', 'malloc,256m'],
    ...['-a', `site=:${String(options.sitePort)}`, '-a', `media=:${String(options.mediaPort)}`],
  ];
  const child = spawn(varnishd, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + 30_000;
  while (!(await ready(`http://127.0.0.1:${String(options.sitePort)}`))) {
    if (child.exitCode !== null) throw new Error(`varnishd exited (${String(child.exitCode)})`);
    if (Date.now() > deadline) throw new Error('the site did not answer through varnishd within 30 s');
    await wait(200);
  }
  return child;
}

async function main(): Promise<void> {
  const env = process.env;
  const sitePort = Number(env.PORT ?? 8080);
  const mediaPort = Number(env.MEDIA_PORT ?? 8088);
  const cluster = await startCluster({
    cdn: process.argv.includes('--cdn'),
    nodes: Number(env.CLUSTER_NODES ?? 2),
    sitePort,
    mediaPort,
    nodePortOffset: 1000,
    dataDir: env.DATA_DIR ?? join(root, 'data/cluster'),
    databaseUrl: env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/efir_cluster',
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    env: { LOG_LEVEL: env.LOG_LEVEL ?? 'warn' },
    log: (line) => {
      console.info(`efir cluster: ${line}`);
    },
  });
  console.info(
    `efir cluster: ${String(cluster.nodes.length)} nodes behind nginx${cluster.edge === undefined ? '' : ' behind Varnish'}: the site on ${cluster.siteUrl}, the streams on ${cluster.mediaUrl}` +
      ` (nodes: ${cluster.nodes.map((node) => node.siteUrl).join(', ')}). Ctrl+C stops it.`,
  );
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void cluster.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(`efir cluster: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
