// The backup archive (`npm run efir -- backup <file>`, `restore <file>`): one tar file, written by
// the running site (the operators' `adminBackupPath`) or by the command on a stopped one, read back
// by `restore`. Its entries, in this order:
//   backup.json                  what it is (`backupHeaderSchema`), first so a reader knows at once
//   database/<table>.jsonl.gz    every table's rows, one JSON object per line as PostgreSQL's
//                                `row_to_json` writes them, parents before the rows that refer to them
//   media/<path>                 each media file, when the media are copied
//   manifest.json                every entry's size and SHA-256, and each table's row count, last:
//                                they are known only once written
import { z } from 'zod';

/** Bumped when the archive's layout changes; a restore refuses a format it does not know. */
export const backupFormat = 1;

/** Copied: the files are in the archive. Referenced: only their names, sizes and checksums are, and
 * the operator copies the media folder (rsync, a snapshot) beside the archive. */
export const backupMediaModes = ['copy', 'reference'] as const;
export const backupMediaModeSchema = z.enum(backupMediaModes);
export type BackupMediaMode = z.infer<typeof backupMediaModeSchema>;

/** The operators' backup (under `adminPrefix`, their reach and token): the archive as it is written,
 * `?media=copy|reference` (copy unless said). */
export const adminBackupPath = '/backup';

export const backupEntries = {
  header: 'backup.json',
  tablePrefix: 'database/',
  tableSuffix: '.jsonl.gz',
  mediaPrefix: 'media/',
  manifest: 'manifest.json',
} as const;

export const backupHeaderSchema = z.object({
  format: z.literal(backupFormat),
  /** ISO 8601: the instant of the database's snapshot. */
  takenAt: z.string(),
  /** `pglite` or `postgres`: where it was taken (either restores into either). */
  database: z.enum(['pglite', 'postgres']),
  /** The last migration applied: a restore needs the same schema. */
  schema: z.string(),
  media: backupMediaModeSchema,
  /** The media files named in the manifest, and their bytes: what the progress counts towards. */
  mediaFiles: z.number().int().min(0),
  mediaBytes: z.number().int().min(0),
});
export type BackupHeader = z.infer<typeof backupHeaderSchema>;

const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/u);

export const backupManifestSchema = z.object({
  format: z.literal(backupFormat),
  /** In the order written (and restored: parents first). */
  tables: z.array(
    z.object({ name: z.string(), rows: z.number().int().min(0), bytes: z.number().int(), sha256: sha256Schema }),
  ),
  /** Paths under the media folder, `/`-separated. */
  media: z.array(z.object({ path: z.string(), bytes: z.number().int().min(0), sha256: sha256Schema })),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;
