// The real site for the browser tests: its own data directory and ports, the demo content, and
// media ingested through the CLI.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;

export interface Site {
  url: string;
  mediaUrl: string;
  dataDir: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startSite(port: number): Promise<Site> {
  const dataDir = mkdtempSync(join(tmpdir(), 'efir-e2e-'));
  const env = {
    PATH: process.env.PATH ?? '',
    DATA_DIR: dataDir,
    PORT: String(port),
    MEDIA_PORT: String(port + 8),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DEMO_MEDIA: 'off',
    SITE_ORIGINS: `http://127.0.0.1:${port},http://localhost:${port}`,
  };
  const child: ChildProcess = spawn(process.execPath, [join(root, 'apps/server/src/server.ts')], {
    env,
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`${url}/api/v1/get/all/category/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('the site did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    mediaUrl: `http://127.0.0.1:${port + 8}`,
    dataDir,
    env,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
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
