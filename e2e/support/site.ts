// The real site for the browser tests: its own data directory and ports, the demo content, and
// media ingested through the CLI.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiUrl } from '@efir/contract';
import { preparedMediaEnv } from '../../apps/server/src/config.ts';

const root = new URL('../../', import.meta.url).pathname;

export interface Site {
  url: string;
  mediaUrl: string;
  dataDir: string;
  env: Record<string, string>;
  /** Stops the server with SIGTERM, runs `whileDown`, then starts it again on the same data and
   * ports; settles once the site answers again. */
  restart(whileDown?: () => Promise<void>): Promise<void>;
  /** Stops the server and removes its data. */
  stop(): Promise<void>;
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

/** A site of its own on `port` (and `port + 8` for media); `settings` add to or replace its environment.
 * `E2E_PORT_SHIFT` moves every site's ports, so two checkouts can run the browser tests side by side. */
export async function startSite(wantedPort: number, settings: Record<string, string> = {}): Promise<Site> {
  const port = wantedPort + Number(process.env.E2E_PORT_SHIFT ?? 0);
  const dataDir = mkdtempSync(join(tmpdir(), 'efir-e2e-'));
  const env = {
    PATH: process.env.PATH ?? '',
    ...preparedMediaEnv(process.env),
    DATA_DIR: dataDir,
    PORT: String(port),
    MEDIA_PORT: String(port + 8),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DEMO_MEDIA: 'off',
    SITE_ORIGINS: `http://127.0.0.1:${port},http://localhost:${port}`,
    ...settings,
  };
  let child = launch(env);
  const url = `http://127.0.0.1:${port}`;
  await answering(url, child);
  return {
    url,
    mediaUrl: `http://127.0.0.1:${port + 8}`,
    dataDir,
    env,
    restart: async (whileDown) => {
      await halt(child);
      await whileDown?.();
      child = launch(env);
      await answering(url, child);
    },
    stop: async () => {
      await halt(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Ingests a file through `npm run efir` against the running site; returns the CLI's output. */
export function efir(site: Site, ...args: string[]): string {
  return execFileSync(process.execPath, [join(root, 'apps/server/src/cli/efir.ts'), ...args], {
    env: site.env,
    encoding: 'utf8',
  });
}
