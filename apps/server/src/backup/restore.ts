// Restores a backup archive into a database and a media folder nobody uses yet: the rows in one
// transaction, the media files into a folder beside the media folder, both kept only once the
// whole archive has matched its manifest (backup-reader.ts). A restore that fails leaves the
// database and the media folder as they were.
import type { BackupHeader, BackupManifest } from '@efir/contract';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../db/database.ts';
import { type BackupProgress, BackupError, readBackup } from './backup-reader.ts';
import { SnapshotWriter, tablesInUse } from './database-snapshot.ts';
import { measureFile, mediaFiles } from './backup-writer.ts';
import { schemaVersion } from './schema-version.ts';
import { requeueRunning } from '../repositories/ingest-jobs.ts';

export interface RestoreOptions {
  database: Database;
  mediaDir: string;
  source: Readable;
  onHeader?: (header: BackupHeader) => void;
  progress?: (progress: BackupProgress) => void;
}

/** The referenced media that are not in the media folder as the backup saw them. */
async function missingMedia(mediaDir: string, manifest: BackupManifest): Promise<string[]> {
  const missing: string[] = [];
  for (const file of manifest.media) {
    const found = await measureFile(join(mediaDir, file.path)).catch(() => undefined);
    if (found?.sha256 !== file.sha256) missing.push(file.path);
  }
  return missing;
}

/** What a job running when the backup was taken says once restored. */
export const requeuedReason = 'queued again: the backup was taken while it ran';

export interface Restored {
  header: BackupHeader;
  manifest: BackupManifest;
  /** Ingest jobs that were running when the backup was taken, queued again. */
  requeued: number;
}

export async function restoreBackup(options: RestoreOptions): Promise<Restored> {
  const { database, mediaDir } = options;
  const used = await tablesInUse(database.db);
  if (used.length > 0) {
    throw new BackupError(
      `the database is in use (${used.join(', ')} hold rows): restore into a new DATA_DIR or an empty PostgreSQL database`,
    );
  }
  const staging = `${mediaDir}.restoring-${String(process.pid)}`;
  await rm(staging, { recursive: true, force: true });
  try {
    const result = await database.db.transaction(async (tx) => {
      const writer = await SnapshotWriter.start(tx);
      const read = await readBackup(options.source, {
        header: async (header) => {
          if (header.schema !== schemaVersion()) {
            throw new BackupError(
              `the backup is of schema ${header.schema}, this Efir's is ${schemaVersion()}: restore it with the Efir that took it`,
            );
          }
          if (header.media === 'copy' && (await mediaFiles(mediaDir)).length > 0) {
            throw new BackupError(`${mediaDir} already holds media: restore into a new DATA_DIR`);
          }
          options.onHeader?.(header);
        },
        table: async (name, rows) => {
          await writer.write(name, rows);
        },
        media: async (path, content) => {
          const target = join(staging, path);
          await mkdir(dirname(target), { recursive: true, mode: 0o700 });
          await pipeline(content, createWriteStream(target, { mode: 0o600, flags: 'wx' }));
        },
        ...(options.progress === undefined ? {} : { progress: options.progress }),
      });
      if (read.header.media === 'reference') {
        const missing = await missingMedia(mediaDir, read.manifest);
        if (missing.length > 0) {
          throw new BackupError(
            `${String(missing.length)} media file(s) the backup references are missing from ${mediaDir} or differ: ${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', …' : ''}`,
          );
        }
      }
      await writer.finish();
      // Their work folders were not backed up: they are made again from their sources.
      const requeued = await requeueRunning(tx, requeuedReason);
      return { ...read, requeued };
    });
    if (result.header.media === 'copy') {
      await mkdir(mediaDir, { recursive: true, mode: 0o700 });
      for (const name of await readdir(staging).catch(() => []))
        await rename(join(staging, name), join(mediaDir, name));
    }
    return result;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
