// DATA_DIR holds what no other account on the machine may read or change: the embedded database
// (with the visitor secret), the admin token and the media. Everything the process makes from now
// on is its owner's alone (files 0600, folders 0700), and the data folder itself is closed, which
// also closes what an earlier version left open inside it.
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export function keepDataPrivate(dataDir: string): void {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true });
  chmodSync(dataDir, 0o700);
}

/** Takes group and other access off everything under `path` (symlinks are left as they are). */
export function closeToOthers(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  if ((stat.mode & 0o077) !== 0) chmodSync(path, stat.mode & 0o700);
  if (stat.isDirectory()) for (const name of readdirSync(path)) closeToOthers(join(path, name));
}
