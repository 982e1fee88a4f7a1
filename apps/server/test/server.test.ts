// The real server process as `npm start` runs it: configuration errors, first start with the demo
// content, and a restart that keeps what was written.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const serverEntry = new URL('../src/server.ts', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'efir-server-test-'));
const port = 18_000 + Math.floor(Math.random() * 1000);

function start(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number> } {
  const child = spawn(process.execPath, [serverEntry], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number>((resolve) => {
    child.on('exit', (code) => {
      resolve(code ?? -1);
    });
  });
  return { child, output: () => output, exited };
}

async function waitForApi(url: string, timeoutMs: number): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return response;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('server process', () => {
  it('stops at start-up on a bad setting, naming it', async () => {
    const run = start({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('PORT="eighty"');
  });

  it('writes the demo content on first start and keeps it across a restart', async () => {
    const base = `http://127.0.0.1:${port}/api/v1`;
    const env = {
      PORT: String(port),
      MEDIA_PORT: String(port + 1),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_MEDIA: 'off',
    };
    const first = start(env);
    const categories = (await (await waitForApi(`${base}/get/all/category/`, 60_000)).json()) as unknown[];
    expect(categories.length).toBeGreaterThanOrEqual(6);
    const voted = await fetch(`${base}/put/oprosnik/1`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ otvet_1: true }),
    });
    expect(voted.status).toBe(200);
    const votes = ((await voted.json()) as { otvet_1: number }).otvet_1;
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = start(env);
    await waitForApi(`${base}/get/all/category/`, 30_000);
    const polls = (await (await fetch(`${base}/get/oprosnik/`)).json()) as { otvet_1: number }[];
    expect(polls[0]?.otvet_1).toBe(votes);
    const again = await fetch(`${base}/get/all/category/`);
    expect(((await again.json()) as unknown[]).length).toBe(categories.length);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);
});
