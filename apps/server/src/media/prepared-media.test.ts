// The machine's prepared media: made once per recipe and ffmpeg, shared by processes starting at
// once, and made again rather than copied when damaged.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { appendFile, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { PreparedMedia, type Recipe } from './prepared-media.ts';

const work = mkdtempSync(join(tmpdir(), 'efir-prepared-'));
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

let root: string;
let makings: string;
let copies = 0;
beforeEach(() => {
  root = mkdtempSync(join(work, 'root-'));
  makings = join(root, '..', `${basename(root)}.makings`);
});

/** A recipe that writes its key into two files and notes each making in `log`. */
function recipe(log: string, ...key: string[]): Recipe {
  return {
    name: 'test-clip',
    key,
    make: async (dir) => {
      await appendFile(log, `${String(process.pid)}\n`);
      mkdirSync(join(dir, '720'));
      await writeFile(join(dir, '720', 'seg_00000.ts'), `segment of ${key.join(' ')}`);
      await writeFile(join(dir, 'index.m3u8'), '#EXTM3U\n');
    },
  };
}

const madeTimes = (): number => (existsSync(makings) ? readFileSync(makings, 'utf8').trim().split('\n').length : 0);

async function copyOf(prepared: PreparedMedia, made: Recipe): Promise<string> {
  copies += 1;
  const target = join(work, `copy-${String(copies)}`, 'filler');
  await prepared.copyTo(made, target, join(work, `aside-${String(copies)}`));
  return target;
}

describe('prepared media', () => {
  it('makes a recipe once and copies it whole, with a stamp that names what it was copied from', async () => {
    const prepared = new PreparedMedia(root, 'ffmpeg version 5.1.6');
    const made = recipe(makings, '-i', 'color');
    const first = await copyOf(prepared, made);
    const second = await copyOf(prepared, made);
    expect(madeTimes()).toBe(1);
    for (const copy of [first, second]) {
      expect(readFileSync(join(copy, '720', 'seg_00000.ts'), 'utf8')).toBe('segment of -i color');
      expect(await prepared.isCopyOf(made, copy)).toBe(true);
    }
    expect(await prepared.isCopyOf(recipe(makings, '-i', 'other'), first)).toBe(false);
  });

  it('makes a new folder for a changed recipe or another ffmpeg, beside the old one', async () => {
    const before = new PreparedMedia(root, 'ffmpeg version 5.1.6');
    const upgraded = new PreparedMedia(root, 'ffmpeg version 7.1');
    const folders = new Set([
      before.folderOf(recipe(makings, '-i', 'color', '-crf', '23')),
      before.folderOf(recipe(makings, '-i', 'color', '-crf', '24')),
      upgraded.folderOf(recipe(makings, '-i', 'color', '-crf', '23')),
    ]);
    expect(folders.size).toBe(3);
    const old = await copyOf(before, recipe(makings, '-i', 'color', '-crf', '23'));
    const changed = await copyOf(before, recipe(makings, '-i', 'color', '-crf', '24'));
    const newer = await copyOf(upgraded, recipe(makings, '-i', 'color', '-crf', '23'));
    expect(madeTimes()).toBe(3);
    expect(readdirSync(root).filter((name) => name.startsWith('test-clip-'))).toHaveLength(3);
    // A copy made the old way is not one of the new recipe's: a site replaces it.
    expect(await upgraded.isCopyOf(recipe(makings, '-i', 'color', '-crf', '23'), old)).toBe(false);
    expect(await before.isCopyOf(recipe(makings, '-i', 'color', '-crf', '24'), changed)).toBe(true);
    expect(await upgraded.isCopyOf(recipe(makings, '-i', 'color', '-crf', '23'), newer)).toBe(true);
  });

  it('makes a damaged or missing file again rather than copying it', async () => {
    const prepared = new PreparedMedia(root, 'ffmpeg version 5.1.6');
    const made = recipe(makings, '-i', 'color');
    await copyOf(prepared, made);
    const segment = join(prepared.folderOf(made), '720', 'seg_00000.ts');
    // The same size, other bytes: only the digest tells.
    writeFileSync(segment, 'segment of -i COLOR');
    const afterDamage = await copyOf(prepared, made);
    expect(readFileSync(join(afterDamage, '720', 'seg_00000.ts'), 'utf8')).toBe('segment of -i color');
    rmSync(segment);
    const afterLoss = await copyOf(prepared, made);
    expect(readFileSync(join(afterLoss, '720', 'seg_00000.ts'), 'utf8')).toBe('segment of -i color');
    expect(madeTimes()).toBe(3);
  });

  it('takes over the lock of a process that died making it', async () => {
    const prepared = new PreparedMedia(root, 'ffmpeg version 5.1.6');
    const made = recipe(makings, '-i', 'color');
    const dead = spawn(process.execPath, ['-e', '']);
    await once(dead, 'exit');
    writeFileSync(`${prepared.folderOf(made)}.lock`, `${hostname()} ${String(dead.pid)}\n`);
    const copy = await copyOf(prepared, made);
    expect(readFileSync(join(copy, '720', 'seg_00000.ts'), 'utf8')).toBe('segment of -i color');
    expect(madeTimes()).toBe(1);
  });

  it('shares one making between processes that start at once', async () => {
    // Four stand-ins for sites starting on one machine, each copying the same recipe, whose making
    // takes long enough for all of them to ask while it runs.
    const module = new URL('./prepared-media.ts', import.meta.url).pathname;
    const script = `
      const { PreparedMedia } = await import(${JSON.stringify(module)});
      const { appendFile, mkdir, writeFile } = await import('node:fs/promises');
      const [root, log, target] = process.argv.slice(1);
      const recipe = {
        name: 'test-clip',
        key: ['-i', 'color'],
        make: async (dir) => {
          await appendFile(log, process.pid + '\\n');
          await new Promise((resolve) => setTimeout(resolve, 1000));
          await mkdir(dir + '/720');
          await writeFile(dir + '/720/seg_00000.ts', 'segment of -i color');
        },
      };
      await new PreparedMedia(root, 'ffmpeg version 5.1.6').copyTo(recipe, target, target + '.aside');
    `;
    const targets = [1, 2, 3, 4].map((i) => join(work, `site-${String(i)}-${basename(root)}`));
    const sites = targets.map((target) =>
      spawn(process.execPath, ['--input-type=module', '-e', script, root, makings, target], { stdio: 'inherit' }),
    );
    const codes = await Promise.all(sites.map(async (site) => (await once(site, 'exit'))[0] as number));
    expect(codes).toEqual([0, 0, 0, 0]);
    expect(madeTimes()).toBe(1);
    for (const target of targets) {
      expect(readFileSync(join(target, '720', 'seg_00000.ts'), 'utf8')).toBe('segment of -i color');
    }
  });
});
