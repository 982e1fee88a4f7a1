// A private PostgreSQL cluster for the outage tests, which stop and freeze it: the shared server is
// never touched. PostgreSQL refuses to run as root, so as root (CI) the cluster runs as a system
// user of its own, made once.
import { execFile } from 'node:child_process';
import { appendFileSync, chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { portIsFree } from './free-port.ts';

const run = promisify(execFile);

/** The ports the tests of this repository may give their own clusters. */
const ports = { first: 55400, last: 55419 };
const clusterUser = 'efirpg';

export interface OwnPostgres {
  /** A superuser's URL of the cluster's `postgres` database. */
  url: string;
  port: number;
  /** Freezes the server (SIGSTOP to the postmaster and its children): it accepts TCP, then says nothing. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** Stops the server (fast shutdown); `restart` starts it again on the same data and port. */
  halt(): Promise<void>;
  restart(): Promise<void>;
  /** Stops it for good and removes its files. */
  stop(): Promise<void>;
}

const isRoot = process.getuid?.() === 0;

async function ensureClusterUser(): Promise<{ uid: number; gid: number }> {
  const ids = async (): Promise<{ uid: number; gid: number }> => {
    const [uid, gid] = await Promise.all([run('id', ['-u', clusterUser]), run('id', ['-g', clusterUser])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  try {
    return await ids();
  } catch {
    // Another test file may make it at the same moment: its failure to make it again is no failure.
    await run('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', clusterUser]).catch(
      () => undefined,
    );
    return ids();
  }
}

/** Runs a PostgreSQL program as the cluster's owner. */
function asOwner(program: string, args: string[]): Promise<{ stdout: string }> {
  return isRoot ? run('runuser', ['-u', clusterUser, '--', program, ...args]) : run(program, args);
}

/** Makes, configures and starts a UTF-8 cluster on the first free port of the tests' range. */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'efir-own-pg-'));
  if (isRoot) {
    const { uid, gid } = await ensureClusterUser();
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const log = join(dir, 'log');
  await asOwner('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--locale=C.UTF-8',
    '--encoding=UTF8',
    '--no-sync',
  ]);
  const start = (): Promise<unknown> => asOwner('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '30', 'start']);
  const pgCtl = (args: string[]): Promise<unknown> => asOwner('pg_ctl', ['-D', data, ...args]);

  for (let port = ports.first; port <= ports.last; port += 1) {
    if (!(await portIsFree(port))) continue;
    appendFileSync(
      join(data, 'postgresql.conf'),
      // Durability is no concern of a test's throwaway cluster; speed is.
      `\nport = ${String(port)}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${dir}'\n` +
        'fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n',
    );
    try {
      await start();
    } catch {
      // Taken between the probe and the start by someone else: try the next port.
      continue;
    }
    const processes = async (): Promise<number[]> => {
      const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const children = await run('pgrep', ['-P', String(postmaster)]).then(
        ({ stdout }) => stdout.split('\n').filter(Boolean).map(Number),
        () => [],
      );
      return [postmaster, ...children];
    };
    let paused = false;
    const resume = async (): Promise<void> => {
      // Children first: a postmaster that wakes among frozen children would think them hung.
      for (const pid of (await processes()).reverse()) process.kill(pid, 'SIGCONT');
      paused = false;
    };
    return {
      url: `postgres://postgres@127.0.0.1:${String(port)}/postgres`,
      port,
      async pause() {
        // The postmaster first, so it starts no new child while the others are frozen.
        for (const pid of await processes()) process.kill(pid, 'SIGSTOP');
        paused = true;
      },
      resume,
      async halt() {
        await pgCtl(['-w', '-t', '30', '-m', 'fast', 'stop']);
      },
      async restart() {
        await start();
      },
      async stop() {
        if (paused) await resume();
        await pgCtl(['-w', '-t', '30', '-m', 'immediate', 'stop']).catch(() => undefined);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  rmSync(dir, { recursive: true, force: true });
  throw new Error(`no free port for a PostgreSQL cluster in ${String(ports.first)}–${String(ports.last)}`);
}
