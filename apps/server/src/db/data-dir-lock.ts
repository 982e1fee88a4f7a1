// One embedded database, one process: the process that opens DATA_DIR's PGlite holds
// `DATA_DIR/efir.lock` (who it is, and once the site listens, where), and a second server or
// command line on the same folder is refused with a message naming the first, instead of opening
// the database beside it (each would overwrite what the other wrote). A lock left by a process
// that is gone (killed, crashed, the machine restarted) is taken over: a crash cannot leave it stuck.
import { readFileSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { processAlive } from '../lib/processes.ts';

const holderSchema = z.object({
  host: z.string(),
  pid: z.number().int(),
  /** The kernel's boot and the process's start, so that a pid used again is not taken for it. */
  boot: z.string(),
  startTicks: z.string(),
  since: z.string(),
  /** Where the site answers, once it listens (the command line sends its work there). */
  site: z.string().optional(),
  /** Where the operators' calls answer, when on a port of their own (ADMIN_LISTEN). */
  admin: z.string().optional(),
});
export type DataDirHolder = z.infer<typeof holderSchema>;

/** The lock's file in a DATA_DIR. */
export const dataDirLockFile = (dataDir: string): string => join(dataDir, 'efir.lock');

/** A lock file still empty this long after it was made is left by a process that died making it. */
const unsignedLockMs = 10_000;

const read = (file: string): string => {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
};

/** This machine's boot: a lock from before a restart names a process that is gone. */
const bootId = (): string => read('/proc/sys/kernel/random/boot_id');

/** When a process started, in clock ticks since boot ('' where /proc cannot say). */
function startTicks(pid: number): string {
  const stat = read(`/proc/${String(pid)}/stat`);
  // The fields after the command's name (which may hold spaces), the 22nd of the line.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
}

function holderAlive(holder: DataDirHolder): boolean {
  if (holder.host !== hostname()) return true;
  if (holder.boot !== bootId()) return false;
  return processAlive(holder.pid) && startTicks(holder.pid) === holder.startTicks;
}

export class DataDirInUse extends Error {
  constructor(dataDir: string, holder: DataDirHolder | undefined) {
    const who =
      holder === undefined
        ? 'a process that is opening it now'
        : `process ${String(holder.pid)} on ${holder.host} since ${holder.since}` +
          (holder.site === undefined ? '' : `, the site at ${holder.site}`);
    super(
      `DATA_DIR ${dataDir} is in use by ${who}: its database takes one process at a time. ` +
        (holder?.site === undefined
          ? 'Wait for it to end, or stop it.'
          : 'The command line sends its work to that site; stop the site to open the folder here.'),
    );
  }
}

/** The live process holding `dataDir`, if any. */
export async function dataDirHolder(dataDir: string): Promise<DataDirHolder | undefined> {
  const parsed = holderSchema.safeParse(
    await readFile(dataDirLockFile(dataDir), 'utf8').then(
      (text) => JSON.parse(text) as unknown,
      () => undefined,
    ),
  );
  return parsed.success && holderAlive(parsed.data) ? parsed.data : undefined;
}

/**
 * Removes the lock file if it still says `text`. One process at a time takes a lock over (under
 * `efir.lock.takeover`): else one could remove the lock another had just taken over and made.
 */
async function takeOver(dataDir: string, text: string): Promise<void> {
  const file = dataDirLockFile(dataDir);
  const guard = `${file}.takeover`;
  try {
    await (await open(guard, 'wx', 0o600)).close();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another process is taking it over now, unless it died doing so.
    const age = Date.now() - ((await stat(guard).catch(() => undefined))?.mtimeMs ?? Date.now());
    if (age < unsignedLockMs) throw new DataDirInUse(dataDir, undefined);
    await rm(guard, { force: true });
    return;
  }
  try {
    if ((await readFile(file, 'utf8').catch(() => undefined)) === text) await rm(file, { force: true });
  } finally {
    await rm(guard, { force: true });
  }
}

export interface DataDirLock {
  /** Says where the site and its operators' calls answer, for a command line given only the folder. */
  describe(site: string, admin?: string): Promise<void>;
  release(): Promise<void>;
}

/** Takes DATA_DIR for this process; refused (DataDirInUse) while another live process holds it. */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const file = dataDirLockFile(dataDir);
  const me: DataDirHolder = {
    host: hostname(),
    pid: process.pid,
    boot: bootId(),
    startTicks: startTicks(process.pid),
    since: new Date().toISOString(),
  };
  for (;;) {
    try {
      const handle = await open(file, 'wx', 0o600);
      await handle.writeFile(JSON.stringify(me));
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const text = await readFile(file, 'utf8').catch(() => '');
    const parsed = holderSchema.safeParse(
      (() => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          return undefined;
        }
      })(),
    );
    if (parsed.success) {
      if (holderAlive(parsed.data)) throw new DataDirInUse(dataDir, parsed.data);
    } else {
      // Taken but not yet signed: its taker is a moment from saying who it is, unless it died then.
      const age = Date.now() - ((await stat(file).catch(() => undefined))?.mtimeMs ?? Date.now());
      if (age < unsignedLockMs) throw new DataDirInUse(dataDir, undefined);
    }
    // Left by a process that is gone: taken over.
    await takeOver(dataDir, text);
  }
  let held = true;
  return {
    describe: async (site, admin) => {
      if (!held) return;
      // Written beside and renamed over: a process that ends mid-write (a start that fails at
      // once) leaves the whole holder or none, never an empty file the next start reads as
      // "being taken now".
      const next = `${file}.${String(process.pid)}`;
      await writeFile(next, JSON.stringify({ ...me, site, admin }), { mode: 0o600 });
      await rename(next, file);
    },
    release: async () => {
      if (!held) return;
      held = false;
      await rm(file, { force: true });
    },
  };
}
