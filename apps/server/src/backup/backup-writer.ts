// Writes a backup archive (the contract's backup.ts) of a database and a media folder onto a
// stream: the running site's operators' call answers with it, the command on a stopped site writes
// it to its file. The tables are read in one snapshot into a private scratch folder first, so the
// snapshot is held only as long as reading takes, not as long as a slow reader of the archive.
import {
  type BackupHeader,
  type BackupManifest,
  backupEntries,
  backupFormat,
  type BackupMediaMode,
} from '@efir/contract';
import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import type { Database } from '../db/database.ts';
import { incomingDir } from '../media/work-folders.ts';
import { schemaVersion } from './schema-version.ts';
import { readSnapshot } from './database-snapshot.ts';

export interface MediaFile {
  /** Under the media folder, `/`-separated. */
  path: string;
  bytes: number;
}

/** Every file under the media folder but the work folders of makings in progress. */
export async function mediaFiles(mediaDir: string): Promise<MediaFile[]> {
  const skipped = incomingDir(mediaDir);
  const files: MediaFile[] = [];
  const walk = async (dir: string, prefix: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    });
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && path !== skipped) await walk(path, `${prefix}${entry.name}/`);
      else if (entry.isFile()) {
        const size = await stat(path).then(
          (s) => s.size,
          () => undefined,
        );
        if (size !== undefined) files.push({ path: `${prefix}${entry.name}`, bytes: size });
      }
    }
  };
  await walk(mediaDir, '');
  return files;
}

/** Passes bytes through, counting them and their SHA-256. */
function measured(): { through: Transform; done: () => { bytes: number; sha256: string } } {
  const hash: Hash = createHash('sha256');
  let bytes = 0;
  const through = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      hash.update(chunk);
      bytes += chunk.length;
      next(null, chunk);
    },
  });
  return { through, done: () => ({ bytes, sha256: hash.digest('hex') }) };
}

/** One entry of `size` bytes from `source`; answers the bytes' measure. */
async function addEntry(
  pack: tar.Pack,
  name: string,
  size: number,
  source: Readable,
): Promise<{ bytes: number; sha256: string }> {
  const measure = measured();
  const entry = pack.entry({ name, size, mode: 0o600, mtime: new Date() });
  await pipeline(source, measure.through, entry);
  return measure.done();
}

export interface BackupOptions {
  database: Pick<Database, 'db' | 'kind'>;
  mediaDir: string;
  media: BackupMediaMode;
}

/**
 * The archive, as a stream to read. A failure destroys the stream with the error: a reader sees a
 * broken archive (no manifest), never one that looks whole.
 */
export function writeBackup(options: BackupOptions): Readable {
  const pack = tar.pack();
  const out = Readable.from(pack);
  void (async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'efir-backup-'));
    try {
      const tables: { name: string; rows: number; file: string }[] = [];
      const takenAt = await readSnapshot(options.database.db, async (name, rows) => {
        const file = join(scratch, `${String(tables.length)}.jsonl.gz`);
        let count = 0;
        async function* lines(): AsyncIterable<string> {
          for await (const row of rows) {
            count += 1;
            yield `${row}\n`;
          }
        }
        await pipeline(Readable.from(lines()), createGzip(), createWriteStream(file, { mode: 0o600 }));
        tables.push({ name, rows: count, file });
      });
      const media = await mediaFiles(options.mediaDir);
      const header: BackupHeader = {
        format: backupFormat,
        takenAt: takenAt.toISOString(),
        database: options.database.kind,
        schema: schemaVersion(),
        media: options.media,
        mediaFiles: media.length,
        mediaBytes: media.reduce((sum, file) => sum + file.bytes, 0),
      };
      const headerBytes = Buffer.from(JSON.stringify(header));
      await addEntry(pack, backupEntries.header, headerBytes.length, Readable.from([headerBytes]));
      const manifest: BackupManifest = { format: backupFormat, tables: [], media: [] };
      for (const table of tables) {
        const { size } = await stat(table.file);
        const measure = await addEntry(
          pack,
          `${backupEntries.tablePrefix}${table.name}${backupEntries.tableSuffix}`,
          size,
          createReadStream(table.file),
        );
        manifest.tables.push({ name: table.name, rows: table.rows, ...measure });
        await rm(table.file);
      }
      for (const file of media) {
        const path = join(options.mediaDir, file.path);
        // A file retired since the listing (the aired log let it go) is simply not in this backup.
        const size = await stat(path).then(
          (s) => s.size,
          () => undefined,
        );
        if (size === undefined) continue;
        const measure =
          options.media === 'copy'
            ? await addEntry(pack, `${backupEntries.mediaPrefix}${file.path}`, size, createReadStream(path))
            : await measureFile(path);
        manifest.media.push({ path: file.path, ...measure });
      }
      const manifestBytes = Buffer.from(JSON.stringify(manifest));
      await addEntry(pack, backupEntries.manifest, manifestBytes.length, Readable.from([manifestBytes]));
      pack.finalize();
    } catch (error) {
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  })();
  return out;
}

/** A file's length and SHA-256, read once. */
export async function measureFile(path: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}
