// The real site for the browser tests: its own data directory and ports, the demo content, and
// media ingested through the CLI. A spec's site starts from the run's template (a data directory
// made once by the global setup, with the demo and the test video and radio in it) unless the spec
// tests a first start itself.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiUrl } from '@efir/contract';
import { test } from '@playwright/test';
import { runTimeZone } from './time-zone.ts';
import { childEnv, localServerEnv } from '../../apps/server/test/server-process.ts';
import { freePorts } from '../../apps/server/test/free-port.ts';

const root = new URL('../../', import.meta.url).pathname;

export interface Site {
  url: string;
  mediaUrl: string;
  dataDir: string;
  env: Record<string, string>;
  /** Stops the server with SIGTERM, runs `whileDown`, then starts it again on the same data and
   * ports; settles once the site answers again. */
  restart(whileDown?: () => Promise<void>): Promise<void>;
  /** Stops the server and removes its data, unless `keepData` (the global setup's template). */
  stop(keepData?: boolean): Promise<void>;
}

function launch(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [join(root, 'apps/server/src/server.ts')], { env, stdio: 'inherit' });
}

async function answering(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`${url}${apiUrl('videoCategories')}`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('the site did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function halt(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** How many times a spec's site is started on new ports before its start counts as failed. */
const startTries = 3;

/** Where a spec's site starts: a copy of the run's template, or an empty data directory. */
export type SiteData = 'template' | 'empty';

/**
 * A site of its own on free ports; `settings` add to or replace its environment. From the
 * template its data is a copy of the global setup's (the demo, the test video and radio).
 */
export async function startSite(settings: Record<string, string> = {}, from: SiteData = 'template'): Promise<Site> {
  const dataDir = mkdtempSync(join(tmpdir(), 'efir-e2e-'));
  if (from === 'template') {
    const template = process.env.E2E_TEMPLATE_DIR;
    if (template === undefined) throw new Error('no template: the global setup makes it (E2E_TEMPLATE_DIR)');
    cpSync(template, dataDir, { recursive: true });
  }
  const onPorts = (port: number, mediaPort: number): Record<string, string> => ({
    ...childEnv(localServerEnv(port, mediaPort, dataDir)),
    SITE_ORIGINS: `http://127.0.0.1:${port},http://localhost:${port}`,
    TZ: runTimeZone(),
    ...settings,
  });
  let env: Record<string, string>;
  let child: ChildProcess;
  let url: string;
  // A port found free may be taken before the server binds it (another process's outgoing
  // connection): a start that exits before it answers is tried again on other ports.
  for (let attempt = 1; ; attempt += 1) {
    const [port = 0, mediaPort = 0] = await freePorts(2);
    env = onPorts(port, mediaPort);
    child = launch(env);
    url = `http://127.0.0.1:${env.PORT}`;
    try {
      await answering(url, child);
      break;
    } catch (error) {
      if (child.exitCode === null || attempt === startTries) throw error;
    }
  }
  return {
    url,
    mediaUrl: `http://127.0.0.1:${env.MEDIA_PORT}`,
    dataDir,
    env,
    restart: async (whileDown) => {
      await halt(child);
      await whileDown?.();
      child = launch(env);
      await answering(url, child);
    },
    stop: async (keepData = false) => {
      await halt(child);
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The spec's site: started from the template before its first test, stopped after its last, and
 * named to the shared helpers (`E2E_SITE_URL`, `E2E_MEDIA_URL`, `E2E_DATA_DIR`), which each worker
 * reads for the spec it runs. Call once at a spec's top level, before its own hooks.
 */
export function useSite(settings: Record<string, string> = {}): () => Site {
  let site: Site | undefined;
  test.beforeAll(async () => {
    site = await startSite(settings);
    process.env.E2E_SITE_URL = site.url;
    process.env.E2E_MEDIA_URL = site.mediaUrl;
    process.env.E2E_DATA_DIR = site.dataDir;
  });
  test.afterAll(async () => {
    await site?.stop();
  });
  return () => {
    if (site === undefined) throw new Error('the spec uses its site before beforeAll started it');
    return site;
  };
}

/** Runs `npm run efir` against the site (the running one when it answers); returns its output. */
export function efir(site: Site, ...args: string[]): string {
  return execFileSync(process.execPath, [join(root, 'apps/server/src/cli/efir.ts'), ...args], {
    env: site.env,
    encoding: 'utf8',
  });
}

/** Adds a studio account through the CLI, its password on standard input, as an operator does. */
export function addAccount(site: Site, login: string, role: 'admin' | 'editor' | 'moderator', password: string): void {
  execFileSync(
    process.execPath,
    [join(root, 'apps/server/src/cli/efir.ts'), 'user', 'add', login, '--role', role, '--password-stdin'],
    { env: site.env, input: `${password}\n`, encoding: 'utf8' },
  );
}
