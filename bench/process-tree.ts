// What a benchmark reads of processes from /proc: their tree, and a set's resident memory and
// open files.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Usage {
  rssBytes: number;
  openFiles: number;
}

export const readProc = (pid: number, file: string): string | undefined => {
  try {
    return readFileSync(`/proc/${String(pid)}/${file}`, 'utf8');
  } catch {
    // Gone meanwhile.
    return undefined;
  }
};

/** Every process's parent, from /proc/<pid>/stat (the command's name may hold spaces and brackets). */
export function processTree(): Map<number, number> {
  const found = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/u.test(entry)) continue;
    const stat = readProc(Number(entry), 'stat');
    if (stat === undefined) continue;
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    found.set(Number(entry), ppid);
  }
  return found;
}

export const childrenOf = (tree: Map<number, number>, parent: number): number[] =>
  [...tree].filter(([, ppid]) => ppid === parent).map(([pid]) => pid);

/** nginx's master (from its pid file) and its workers. */
export function nginxPids(prefix: string, tree: Map<number, number>): number[] {
  let master: number;
  try {
    master = Number(readFileSync(join(prefix, 'nginx.pid'), 'utf8').trim());
  } catch {
    return [];
  }
  return tree.has(master) ? [master, ...childrenOf(tree, master)] : [];
}

/** The resident memory and open files of `pids`, summed. */
export function usage(pids: readonly number[]): Usage {
  let rssBytes = 0;
  let openFiles = 0;
  for (const pid of pids) {
    const rss = /^VmRSS:\s+(\d+) kB/mu.exec(readProc(pid, 'status') ?? '')?.[1];
    rssBytes += Number(rss ?? 0) * 1024;
    try {
      openFiles += readdirSync(`/proc/${String(pid)}/fd`).length;
    } catch {
      // Gone meanwhile.
    }
  }
  return { rssBytes, openFiles };
}
