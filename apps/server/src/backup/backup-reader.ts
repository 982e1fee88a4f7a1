// Reads a backup archive (the contract's backup.ts) as it arrives, and checks it whole: the entries
// in their order, each table's and media file's size and SHA-256 against the manifest that closes
// it, the rows counted. The command checks every archive it writes this way, and a restore reads
// one through it, so nothing is restored from a broken or altered archive. Names are checked
// before anything is written: an archive made to escape the media folder is refused.
import {
  type BackupHeader,
  backupEntries,
  backupFormat,
  backupHeaderSchema,
  type BackupManifest,
  backupManifestSchema,
} from '@efir/contract';
import { createHash } from 'node:crypto';
import { createInterface } from 'node:readline';
import { PassThrough, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { incomingFolderName } from '../media/work-folders.ts';

export class BackupError extends Error {}

const tableName = /^[a-z_][a-z0-9_]*$/u;
const mediaSegment = /^[A-Za-z0-9._-]+$/u;

/** A path under the media folder: plain names (no `.` or `..`), outside the work folders. */
export function isMediaPath(path: string): boolean {
  const segments = path.split('/');
  return (
    segments[0] !== incomingFolderName &&
    segments.every((segment) => mediaSegment.test(segment) && segment !== '.' && segment !== '..')
  );
}

export interface BackupProgress {
  tables: number;
  rows: number;
  mediaFiles: number;
  mediaBytes: number;
}

export interface BackupHandlers {
  header?: (header: BackupHeader) => Promise<void> | void;
  /** Takes a table's rows (JSON texts); the reader counts them. */
  table?: (name: string, rows: AsyncIterable<string>) => Promise<void>;
  /** Takes a media file's bytes (drained when not given). */
  media?: (path: string, content: Readable) => Promise<void>;
  progress?: (progress: BackupProgress) => void;
}

interface Measured {
  bytes: number;
  sha256: string;
}

/** Reads `stream` through `into` while hashing it; answers once both have finished. */
async function measuring(stream: Readable, into: (content: Readable) => Promise<void>): Promise<Measured> {
  const hash = createHash('sha256');
  let bytes = 0;
  const content = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    hash.update(chunk);
    bytes += chunk.length;
  });
  stream.pipe(content);
  const done = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  await Promise.all([into(content), done]);
  return { bytes, sha256: hash.digest('hex') };
}

async function drain(content: Readable): Promise<void> {
  content.resume();
  await new Promise<void>((resolve, reject) => {
    content.on('end', resolve);
    content.on('error', reject);
  });
}

async function* counted(lines: AsyncIterable<string>, count: () => void): AsyncIterable<string> {
  for await (const line of lines) {
    if (line === '') continue;
    count();
    yield line;
  }
}

async function text(content: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parsed<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  json: string,
  what: string,
): T {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new BackupError(`${what} is not JSON`);
  }
  const result = schema.safeParse(value);
  if (!result.success) throw new BackupError(`${what} is not one this version reads (format ${String(backupFormat)})`);
  return result.data;
}

function same(a: Measured, b: Measured, what: string): void {
  if (a.bytes !== b.bytes || a.sha256 !== b.sha256) {
    throw new BackupError(
      `${what} differs from the manifest (${String(b.bytes)} bytes read, ${String(a.bytes)} listed): the archive is damaged`,
    );
  }
}

/** Reads the archive to its end; answers its header and manifest once everything matched. */
export async function readBackup(
  source: Readable,
  handlers: BackupHandlers = {},
): Promise<{ header: BackupHeader; manifest: BackupManifest }> {
  const extract = tar.extract();
  source.on('error', (error) => {
    extract.destroy(error);
  });
  source.pipe(extract);
  let header: BackupHeader | undefined;
  let manifest: BackupManifest | undefined;
  const tables: (Measured & { name: string; rows: number })[] = [];
  const media: (Measured & { path: string })[] = [];
  const progress: BackupProgress = { tables: 0, rows: 0, mediaFiles: 0, mediaBytes: 0 };
  for await (const entry of extract) {
    const name = entry.header.name;
    const content = entry as unknown as Readable;
    if (entry.header.type !== 'file')
      throw new BackupError(`${name}: not a file (${entry.header.type}); not an Efir backup`);
    if (manifest !== undefined) throw new BackupError(`${name}: after the manifest; not an Efir backup`);
    if (header === undefined) {
      if (name !== backupEntries.header)
        throw new BackupError(`${name}: an Efir backup starts with ${backupEntries.header}`);
      header = parsed(backupHeaderSchema, await text(content), backupEntries.header);
      await handlers.header?.(header);
      continue;
    }
    if (name === backupEntries.manifest) {
      manifest = parsed(backupManifestSchema, await text(content), backupEntries.manifest);
      continue;
    }
    if (name.startsWith(backupEntries.tablePrefix) && name.endsWith(backupEntries.tableSuffix)) {
      const table = name.slice(backupEntries.tablePrefix.length, -backupEntries.tableSuffix.length);
      if (!tableName.test(table)) throw new BackupError(`${name}: not a table's name`);
      let rows = 0;
      const measure = await measuring(content, async (bytes) => {
        const lines = counted(createInterface({ input: bytes.pipe(createGunzip()), crlfDelay: Infinity }), () => {
          rows += 1;
        });
        if (handlers.table === undefined) await drain(Readable.from(lines));
        else await handlers.table(table, lines);
      });
      tables.push({ name: table, rows, ...measure });
      progress.tables += 1;
      progress.rows += rows;
    } else if (name.startsWith(backupEntries.mediaPrefix)) {
      const path = name.slice(backupEntries.mediaPrefix.length);
      if (!isMediaPath(path)) throw new BackupError(`${name}: not a media file's name`);
      if (header.media !== 'copy') throw new BackupError(`${name}: a media file in a backup that only references them`);
      const measure = await measuring(
        content,
        handlers.media === undefined ? drain : (bytes) => handlers.media?.(path, bytes) ?? drain(bytes),
      );
      media.push({ path, ...measure });
      progress.mediaFiles += 1;
      progress.mediaBytes += measure.bytes;
    } else {
      throw new BackupError(`${name}: not an entry of an Efir backup`);
    }
    handlers.progress?.({ ...progress });
  }
  if (header === undefined) throw new BackupError('the archive is empty');
  if (manifest === undefined) throw new BackupError('the archive ends before its manifest: it is incomplete');
  if (manifest.tables.length !== tables.length) {
    throw new BackupError(
      `the manifest lists ${String(manifest.tables.length)} tables, the archive holds ${String(tables.length)}`,
    );
  }
  manifest.tables.forEach((listed, i) => {
    const read = tables[i];
    if (read?.name !== listed.name || read.rows !== listed.rows) {
      throw new BackupError(`table ${listed.name}: the archive's rows differ from the manifest`);
    }
    same(listed, read, `table ${listed.name}`);
  });
  for (const listed of manifest.media) {
    if (!isMediaPath(listed.path)) throw new BackupError(`${listed.path}: not a media file's name`);
  }
  if (header.media === 'copy') {
    if (manifest.media.length !== media.length) {
      throw new BackupError(
        `the manifest lists ${String(manifest.media.length)} media files, the archive holds ${String(media.length)}`,
      );
    }
    manifest.media.forEach((listed, i) => {
      const read = media[i];
      if (read?.path !== listed.path) throw new BackupError(`media ${listed.path}: missing from the archive`);
      same(listed, read, `media ${listed.path}`);
    });
  }
  return { header, manifest };
}
