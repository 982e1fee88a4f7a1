// A server killed (SIGKILL) in the middle of an ingest: its ffmpeg dies with it, and the next
// start removes the job's work folder and makes the item after all.
import { adminPrefix, apiUrl } from '@efir/contract';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locateMediaTools } from '../src/media/ffmpeg.ts';
import { makeClip } from './media-fixtures.ts';
import { freePorts } from './free-port.ts';
import { localServerEnv, type ServerProcess, startServer, waitForApi } from './server-process.ts';

const work = mkdtempSync(join(tmpdir(), 'efir-crash-test-'));
const dataDir = join(work, 'data');
const clip = join(work, 'long.mp4');
const [port = 0, mediaPort = 0] = await freePorts(2);
const site = `http://127.0.0.1:${port}`;
const env = localServerEnv(port, mediaPort, dataDir);
let running: ServerProcess | undefined;

/** The pids of the ffmpeg processes working for this data directory (its paths on their command line). */
function ffmpegsOfDataDir(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/u.test(name))
    .filter((pid) => {
      try {
        const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return /(^|\/)ffmpeg$/u.test(args[0] ?? '') && args.some((arg) => arg.includes(dataDir));
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function start(): Promise<ServerProcess> {
  running = startServer(env);
  await waitForApi(`${site}${apiUrl('videoCategories')}`, 60_000);
  return running;
}

interface JobView {
  id: number;
  state: string;
  progress: number;
  attempts: number;
  resultId: number | null;
  error: string | null;
}

async function admin<T>(path: string, init: RequestInit = {}): Promise<T> {
  const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
  const response = await fetch(`${site}${adminPrefix}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  expect(response.ok).toBe(true);
  return (await response.json()) as T;
}

beforeAll(async () => {
  const tools = await locateMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
  // Long enough that the ladder is still being made when the server is killed.
  makeClip(tools.ffmpeg, clip, { seconds: 30, size: '320x180' });
});

afterAll(async () => {
  if (running !== undefined && running.child.exitCode === null) {
    running.child.kill('SIGTERM');
    await running.exited;
  }
  rmSync(work, { recursive: true, force: true });
});

describe('a server killed during an ingest', () => {
  it('leaves no ffmpeg behind, and its next start clears the work folder and makes the item', async () => {
    const first = await start();
    const queued = await admin<JobView>('/jobs', {
      method: 'POST',
      body: JSON.stringify({ kind: 'video', source: { file: clip, name: 'Прерванный эфир', categoryId: 1 } }),
    });
    await expect
      .poll(async () => (await admin<JobView>(`/jobs/${queued.id}`)).progress, { timeout: 30_000, interval: 200 })
      .toBeGreaterThan(0);
    const incoming = join(dataDir, 'media', '.incoming');
    const workFolders = readdirSync(incoming).filter((name) => name.startsWith(`job-${queued.id}-`));
    expect(workFolders).toHaveLength(1);
    expect(ffmpegsOfDataDir().length).toBeGreaterThan(0);

    first.child.kill('SIGKILL');
    await first.exited;
    const killedAt = Date.now();
    await expect.poll(ffmpegsOfDataDir, { timeout: 2000, interval: 50 }).toEqual([]);
    expect(Date.now() - killedAt).toBeLessThan(2000);
    expect(existsSync(join(incoming, workFolders[0] ?? ''))).toBe(true);

    await start();
    expect(existsSync(join(incoming, workFolders[0] ?? ''))).toBe(false);
    await expect
      .poll(async () => (await admin<JobView>(`/jobs/${queued.id}`)).state, { timeout: 90_000, interval: 500 })
      .toBe('done');
    const done = await admin<JobView>(`/jobs/${queued.id}`);
    expect(done).toMatchObject({ attempts: 2, error: null });
    const item = (await (
      await fetch(`${site}${apiUrl('video', { params: { id: done.resultId ?? 0 } })}`, { method: 'PATCH' })
    ).json()) as {
      link_video: string;
    };
    const master = await fetch(`http://127.0.0.1:${mediaPort}${item.link_video}`);
    expect(master.status).toBe(200);
    const rung = (await master.text()).split('\n').find((line) => line.endsWith('.m3u8'));
    const playlist = await fetch(new URL(rung ?? '', master.url));
    expect(playlist.status).toBe(200);
    expect(await playlist.text()).toContain('#EXT-X-ENDLIST');
    expect(readdirSync(incoming)).toEqual([]);
  }, 150_000);
});
