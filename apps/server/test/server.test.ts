// The real server process as `npm start` runs it: configuration errors, first start with the demo
// content, and a restart that keeps what was written.
import { apiPrefix } from '@efir/contract';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePorts } from './free-port.ts';
import { localServerEnv, startServer as start, waitForApi } from './server-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'efir-server-test-'));
const [port = 0, mediaPort = 0] = await freePorts(2);

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
    const base = `http://127.0.0.1:${port}${apiPrefix}`;
    const env = localServerEnv(port, mediaPort, dataDir);
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
