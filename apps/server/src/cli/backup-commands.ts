// `efir backup <file>` and `efir restore <file>` (backup/…): the archive comes from the running
// site's operators' call when a site answers, else from the database opened here; either way it is
// checked against its own manifest as it is written, and only a whole, checked archive takes the
// file's name. A restore runs only with no site on the data: it writes a database nobody uses yet.
import {
  adminBackupPath,
  adminPrefix,
  type BackupHeader,
  type BackupMediaMode,
  backupMediaModeSchema,
} from '@efir/contract';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import type { Database } from '../db/database.ts';
import { type BackupProgress, readBackup } from '../backup/backup-reader.ts';
import { writeBackup } from '../backup/backup-writer.ts';
import { restoreBackup } from '../backup/restore.ts';
import { parsed, UsageError } from './usage.ts';

export type BackupAction = { kind: 'backup'; file: string; media: BackupMediaMode } | { kind: 'restore'; file: string };

export function backupAction(command: 'backup' | 'restore', args: string[]): BackupAction {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { media: { type: 'string' } },
  });
  const [file, ...rest] = positionals;
  if (file === undefined || rest.length > 0) throw new UsageError(`${command}: give exactly one archive file`);
  if (command === 'restore') {
    if (values.media !== undefined) throw new UsageError('restore: --media is the backup’s to choose');
    return { kind: 'restore', file: resolve(file) };
  }
  return {
    kind: 'backup',
    file: resolve(file),
    media: parsed(backupMediaModeSchema, values.media ?? 'copy', '--media'),
  };
}

const megabytes = (bytes: number): string => `${(bytes / 1e6).toLocaleString('en', { maximumFractionDigits: 1 })} MB`;
const count = (n: number): string => n.toLocaleString('en');

/** Progress lines: the database's once read, the media's at most every two seconds and at the end. */
function progressPrinter(print: (line: string) => void): {
  header: (header: BackupHeader) => void;
  progress: (progress: BackupProgress) => void;
  summary: () => string;
} {
  let header: BackupHeader | undefined;
  let last: BackupProgress = { tables: 0, rows: 0, mediaFiles: 0, mediaBytes: 0 };
  let printedAt = 0;
  let databaseTold = false;
  const database = (): string => `database: ${count(last.tables)} tables, ${count(last.rows)} rows`;
  const media = (): string =>
    header?.media === 'copy'
      ? `media: ${count(last.mediaFiles)} of ${count(header.mediaFiles)} files, ${megabytes(last.mediaBytes)} of ${megabytes(header.mediaBytes)}`
      : `media: ${count(header?.mediaFiles ?? 0)} files (${megabytes(header?.mediaBytes ?? 0)}) referenced, not copied`;
  return {
    header: (read) => {
      header = read;
      print(
        `backup of ${read.takenAt} (${read.database}, schema ${read.schema}), media ${read.media === 'copy' ? 'copied' : 'referenced'}`,
      );
    },
    progress: (read) => {
      last = read;
      if (read.mediaFiles === 0) return;
      if (!databaseTold) print(database());
      databaseTold = true;
      if (Date.now() - printedAt >= 2000 || read.mediaFiles === header?.mediaFiles) {
        printedAt = Date.now();
        print(media());
      }
    },
    summary: () =>
      `${count(last.tables)} tables, ${count(last.rows)} rows; ` +
      (header?.media === 'copy'
        ? `${count(last.mediaFiles)} media files (${megabytes(last.mediaBytes)})`
        : `${count(header?.mediaFiles ?? 0)} media files referenced (${megabytes(header?.mediaBytes ?? 0)})`),
  };
}

/** The running site's archive, as it is written. */
async function siteArchive(base: string, token: string, media: BackupMediaMode): Promise<Readable> {
  const response = await fetch(`${base}${adminPrefix}${adminBackupPath}?media=${media}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok || response.body === null) {
    const problem = (await response.json().catch(() => ({}))) as { detail?: string };
    throw new Error(
      `the site refused the backup (${String(response.status)}): ${problem.detail ?? response.statusText}`,
    );
  }
  return Readable.fromWeb(response.body as ReadableStream<Uint8Array>);
}

export interface BackupPlace {
  /** The running site's operators' address and token, or nothing when no site answers. */
  site?: { base: string; token: string };
  /** Opens the database here (only when no site answers). */
  open: () => Promise<Database>;
  mediaDir: string;
  print: (line: string) => void;
}

export async function takeBackup(action: Extract<BackupAction, { kind: 'backup' }>, place: BackupPlace): Promise<void> {
  if (existsSync(action.file)) throw new Error(`${action.file} exists: give the backup a new name`);
  const partial = `${action.file}.partial`;
  const database = place.site === undefined ? await place.open() : undefined;
  const printer = progressPrinter(place.print);
  try {
    const archive =
      place.site === undefined
        ? writeBackup({ database: database as Database, mediaDir: place.mediaDir, media: action.media })
        : await siteArchive(place.site.base, place.site.token, action.media);
    const checked = new PassThrough();
    archive.on('error', (error) => checked.destroy(error));
    archive.pipe(checked);
    const writing = pipeline(archive, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
    try {
      await readBackup(checked, { header: printer.header, progress: printer.progress });
      await writing;
    } catch (error) {
      archive.destroy();
      await writing.catch(() => undefined);
      throw error;
    }
    await rename(partial, action.file);
    place.print(`backup: ${action.file} — ${printer.summary()}; checked against its manifest`);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await database?.close();
  }
}

export async function restoreFrom(
  action: Extract<BackupAction, { kind: 'restore' }>,
  place: BackupPlace,
): Promise<void> {
  if (place.site !== undefined) {
    throw new Error(
      `a site is running on this data (${place.site.base}): stop it, and restore into a new DATA_DIR or database`,
    );
  }
  if (!existsSync(action.file)) throw new Error(`${action.file}: no such file`);
  const database = await place.open();
  const printer = progressPrinter(place.print);
  try {
    const { requeued } = await restoreBackup({
      database,
      mediaDir: place.mediaDir,
      source: createReadStream(action.file),
      onHeader: printer.header,
      progress: printer.progress,
    });
    place.print(`restored: ${printer.summary()}`);
    if (requeued > 0) place.print(`${String(requeued)} ingest job(s) running at the backup queued again`);
  } finally {
    await database.close();
  }
}
