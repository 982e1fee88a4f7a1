// Media that every site makes the same way (the live channels' filler, the demo's base clips) are
// made once per machine and copied into each site's DATA_DIR. A recipe's folder is named after a
// digest of everything that decides its bytes (the ffmpeg arguments, the texts it draws, the
// ffmpeg version), so a changed recipe or a new ffmpeg makes a new folder and nothing stale is
// reused. A folder appears whole (made aside, then renamed) with a manifest of its files' sizes and
// SHA-256 digests written last; a copy checks every file against it and makes the folder again
// when one is damaged or missing. Sites starting at once share one making: one takes the folder's
// lock, the others wait for the folder; a lock whose process is gone is taken over.
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { processAlive } from '../lib/processes.ts';

/** How a prepared folder is made. */
export interface Recipe {
  /** What it is, the start of its folder's name: `filler-tv`, `demo-radio-2`. */
  name: string;
  /** Everything that decides the bytes it makes: its arguments (with placeholders for paths) and
   * any text it reads. */
  key: readonly string[];
  /** Makes the files into `dir`, an empty folder of its own. */
  make(dir: string): Promise<void>;
}

const manifestName = 'manifest.json';
/** In a copy: the name of the folder it was copied from. */
const stampName = '.prepared';
/** Bumped when what a folder holds changes shape, so folders of the old shape are not reused. */
const layout = '1';

interface Manifest {
  files: Record<string, { size: number; sha256: string }>;
}

/** Why a prepared folder could not be used as it was: it is made again. */
class Damaged extends Error {}

const digest = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class PreparedMedia {
  readonly #root: string;
  readonly #ffmpegVersion: string;
  /** Makings under way in this process, by folder: a second copy of a recipe waits for the first. */
  readonly #making = new Map<string, Promise<void>>();

  /** `root`: the machine's folder of prepared media (PREPARED_MEDIA_DIR). */
  constructor(root: string, ffmpegVersion: string) {
    this.#root = root;
    this.#ffmpegVersion = ffmpegVersion;
  }

  /** The folder a recipe's media live in: named after the recipe and the ffmpeg that makes it. */
  folderOf(recipe: Pick<Recipe, 'name' | 'key'>): string {
    const hash = createHash('sha256')
      .update([layout, this.#ffmpegVersion, ...recipe.key].join('\0'))
      .digest('hex')
      .slice(0, 16);
    return join(this.#root, `${recipe.name}-${hash}`);
  }

  /**
   * Copies a recipe's media into `target`, which must not exist yet: into `aside` first (a work
   * folder of the caller's, which a crash may leave), then renamed, so it appears whole. Makes them
   * first when the machine has none, or none intact. The copy's `.prepared` names the folder it
   * came from (see `isCopyOf`).
   */
  async copyTo(recipe: Recipe, target: string, aside: string): Promise<void> {
    const folder = this.folderOf(recipe);
    await rm(aside, { recursive: true, force: true });
    try {
      for (let attempt = 0; ; attempt += 1) {
        await this.#ready(recipe, folder);
        try {
          await this.#copyChecked(folder, aside);
          break;
        } catch (error) {
          if (!(error instanceof Damaged) || attempt > 0) throw error;
          await rm(aside, { recursive: true, force: true });
          await this.#remove(folder);
        }
      }
      await writeFile(join(aside, stampName), `${basename(folder)}\n`);
      await mkdir(dirname(target), { recursive: true });
      await rename(aside, target);
    } finally {
      await rm(aside, { recursive: true, force: true });
    }
  }

  /** Whether `copy` was copied from the recipe's folder as it is now named. */
  async isCopyOf(recipe: Pick<Recipe, 'name' | 'key'>, copy: string): Promise<boolean> {
    const stamp = await readFile(join(copy, stampName), 'utf8').catch(() => '');
    return stamp.trim() === basename(this.folderOf(recipe));
  }

  /** Waits until the folder holds its manifest, making it when nobody else does. */
  #ready(recipe: Recipe, folder: string): Promise<void> {
    let making = this.#making.get(folder);
    if (making === undefined) {
      making = this.#readyAcrossProcesses(recipe, folder).finally(() => this.#making.delete(folder));
      this.#making.set(folder, making);
    }
    return making;
  }

  async #readyAcrossProcesses(recipe: Recipe, folder: string): Promise<void> {
    await mkdir(this.#root, { recursive: true, mode: 0o700 });
    const lock = `${folder}.lock`;
    for (;;) {
      if (await exists(join(folder, manifestName))) return;
      const taken = await takeLock(lock);
      if (!taken) {
        await sleep(100);
        continue;
      }
      try {
        if (await exists(join(folder, manifestName))) return;
        await this.#make(recipe, folder);
        return;
      } finally {
        await rm(lock, { force: true });
      }
    }
  }

  async #make(recipe: Recipe, folder: string): Promise<void> {
    const work = `${folder}.${String(process.pid)}.work`;
    await rm(work, { recursive: true, force: true });
    await mkdir(work, { recursive: true });
    try {
      await recipe.make(work);
      const manifest: Manifest = { files: {} };
      for (const file of await filesUnder(work)) {
        const data = await readFile(join(work, file));
        manifest.files[file] = { size: data.length, sha256: digest(data) };
      }
      await writeFile(join(work, manifestName), `${JSON.stringify(manifest, null, 1)}\n`);
      await rename(work, folder).catch(async (error: unknown) => {
        // Made by another process meanwhile (it took over a lock it thought was left): as good.
        if (!(await exists(join(folder, manifestName)))) throw error;
      });
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  /** Removes a damaged folder under its lock, so that the next copy makes it again. */
  async #remove(folder: string): Promise<void> {
    const lock = `${folder}.lock`;
    while (!(await takeLock(lock))) await sleep(100);
    try {
      await rm(folder, { recursive: true, force: true });
    } finally {
      await rm(lock, { force: true });
    }
  }

  /** Copies every file the manifest lists into `target`, each checked against it on the way. */
  async #copyChecked(folder: string, target: string): Promise<void> {
    let manifest: Manifest;
    try {
      manifest = JSON.parse(await readFile(join(folder, manifestName), 'utf8')) as Manifest;
    } catch {
      throw new Damaged(`${folder}: no readable manifest`);
    }
    for (const [file, expected] of Object.entries(manifest.files)) {
      let data: Buffer;
      try {
        data = await readFile(join(folder, file));
      } catch {
        throw new Damaged(`${folder}/${file}: missing`);
      }
      if (data.length !== expected.size || digest(data) !== expected.sha256) {
        throw new Damaged(`${folder}/${file}: not what was made`);
      }
      await mkdir(dirname(join(target, file)), { recursive: true });
      await writeFile(join(target, file), data);
    }
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

const host = hostname();
/** A lock file still empty this long after it was made is left by a process that died making it. */
const unsignedLockMs = 10_000;

/**
 * Takes a lock file for this process: true when taken. A lock held by a process of this host
 * that is gone is taken over; one of another host is waited for (the folder is shared).
 */
async function takeLock(lock: string): Promise<boolean> {
  try {
    const handle = await open(lock, 'wx');
    await handle.writeFile(`${host} ${String(process.pid)}\n`);
    await handle.close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const holder = (await readFile(lock, 'utf8').catch(() => '')).trim().split(' ');
  const [holderHost, holderPid] = [holder[0], Number(holder[1])];
  if (holderHost === undefined || holderHost === '' || !Number.isInteger(holderPid)) {
    // Taken but not yet signed: its taker is a moment from saying who it is, unless it died then.
    const age = Date.now() - ((await stat(lock).catch(() => undefined))?.mtimeMs ?? Date.now());
    if (age > unsignedLockMs) await rm(lock, { force: true });
    return false;
  }
  if (holderHost === host && !processAlive(holderPid)) await rm(lock, { force: true });
  return false;
}
