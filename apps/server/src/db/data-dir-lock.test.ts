// DATA_DIR's lock: a second process is refused and told who holds the folder; a lock whose
// process is gone (killed, a pid used again, a restarted machine) is taken over.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './database.ts';
import { DataDirInUse, dataDirHolder, dataDirLockFile, lockDataDir } from './data-dir-lock.ts';

const work = mkdtempSync(join(tmpdir(), 'efir-data-dir-lock-'));
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});
let folders = 0;
const folder = (): string => {
  folders += 1;
  const dir = join(work, String(folders));
  mkdirSync(dir);
  return dir;
};

const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();

describe('the DATA_DIR lock', () => {
  it('refuses a second opening of the database, naming the holder and where its site answers', async () => {
    const dir = folder();
    const database = await openPglite(dir);
    try {
      await database.dataDirLock?.describe('http://127.0.0.1:8123');
      await expect(openPglite(dir)).rejects.toThrow(
        new RegExp(`in use by process ${String(process.pid)} on .*, the site at http://127\\.0\\.0\\.1:8123`, 'u'),
      );
      expect((await dataDirHolder(dir))?.site).toBe('http://127.0.0.1:8123');
    } finally {
      await database.close();
    }
    expect(await dataDirHolder(dir)).toBeUndefined();
    // Closed, the folder opens again.
    await (await openPglite(dir)).close();
  });

  it('takes over the lock of a process that was killed', async () => {
    const dir = folder();
    const code = `import { lockDataDir } from ${JSON.stringify(new URL('./data-dir-lock.ts', import.meta.url).pathname)};
      await lockDataDir(${JSON.stringify(dir)}); console.log('held'); setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve) => {
      child.stdout.once('data', () => {
        resolve();
      });
    });
    await expect(lockDataDir(dir)).rejects.toThrow(`in use by process ${String(child.pid)}`);
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
    const lock = await lockDataDir(dir);
    expect((await dataDirHolder(dir))?.pid).toBe(process.pid);
    await lock.release();
  });

  it('takes over a lock whose pid now names another process, or one from before a restart', async () => {
    const dir = folder();
    const since = new Date().toISOString();
    for (const stale of [
      { host: hostname(), pid: process.pid, boot: bootId, startTicks: '1', since },
      { host: hostname(), pid: process.pid, boot: 'another-boot', startTicks: '1', since },
    ]) {
      writeFileSync(dataDirLockFile(dir), JSON.stringify(stale));
      const lock = await lockDataDir(dir);
      expect(JSON.parse(readFileSync(dataDirLockFile(dir), 'utf8'))).toMatchObject({ boot: bootId });
      await lock.release();
    }
  });

  it('waits for a lock being written, and takes over one left half made', async () => {
    const dir = folder();
    writeFileSync(dataDirLockFile(dir), '');
    await expect(lockDataDir(dir)).rejects.toThrow('in use by a process that is opening it now');
    const aMinuteAgo = new Date(Date.now() - 60_000);
    utimesSync(dataDirLockFile(dir), aMinuteAgo, aMinuteAgo);
    await (await lockDataDir(dir)).release();
  });

  it('lets one of the processes taking over the same stale lock at once have it, never two', async () => {
    const dir = folder();
    const stale = { host: hostname(), pid: process.pid, boot: 'another-boot', startTicks: '1', since: '' };
    for (let round = 0; round < 50; round += 1) {
      writeFileSync(dataDirLockFile(dir), JSON.stringify(stale));
      const tries = await Promise.allSettled(Array.from({ length: 6 }, () => lockDataDir(dir)));
      const held = tries.flatMap((attempt) => (attempt.status === 'fulfilled' ? [attempt.value] : []));
      expect(held).toHaveLength(1);
      for (const attempt of tries)
        if (attempt.status === 'rejected') expect(attempt.reason).toBeInstanceOf(DataDirInUse);
      await held[0]?.release();
    }
  });
});
