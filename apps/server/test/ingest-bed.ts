// The ingest tests' bed: the real ffmpeg, a seeded database, a media folder and a clip made here,
// set up before a file's tests and removed after them.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { locateMediaTools, type MediaTools } from '../src/media/ffmpeg.ts';
import type { IngestContext } from '../src/media/ingest-work.ts';
import { testDatabase } from './database.ts';
import { machinePreparedMedia } from './media-fixtures.ts';

export interface IngestBed {
  fixtures: string;
  mediaDir: string;
  tools: MediaTools;
  database: Database;
  context: IngestContext;
  /** Makes a fixture with ffmpeg; answers its path. */
  make: (name: string, args: string[]) => string;
  /** The file a media URL path (`/media/…`) names under the media folder. */
  fileOf: (url: string) => string;
  /** Every file under a folder, relative to it, sorted; none when it is not there. */
  listTree: (dir: string) => string[];
}

/** Sets the bed up for the calling file's tests (with its own fixtures made by `more`). */
export function useIngestBed(more: (bed: IngestBed) => void = () => undefined): () => IngestBed {
  const work = mkdtempSync(join(tmpdir(), 'efir-ingest-test-'));
  const fixtures = join(work, 'fixtures');
  const mediaDir = join(work, 'media');
  let bed: IngestBed | undefined;
  beforeAll(async () => {
    const tools = await locateMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
    const database = await testDatabase('pglite', 'seeded');
    const made: IngestBed = {
      fixtures,
      mediaDir,
      tools,
      database,
      context: {
        db: database.db,
        tools,
        mediaDir,
        prepared: machinePreparedMedia(tools),
        maxBytes: 50 * 1024 * 1024,
        maxSeconds: 60,
      },
      make: (name, args) => {
        const file = join(fixtures, name);
        execFileSync(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args, file]);
        return file;
      },
      fileOf: (url) => join(mediaDir, url.replace(/^\/media\//u, '')),
      listTree: (dir) => {
        try {
          return readdirSync(dir, { recursive: true, withFileTypes: true })
            .filter((entry) => entry.isFile())
            .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
            .sort();
        } catch {
          return [];
        }
      },
    };
    execFileSync('mkdir', ['-p', fixtures]);
    made.make('clip.mp4', [
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=320x240:rate=30:duration=9',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=9',
      '-c:v',
      'libx264',
      '-c:a',
      'aac',
      '-shortest',
    ]);
    more(made);
    bed = made;
  }, 120_000);
  afterAll(async () => {
    await bed?.database.close();
    rmSync(work, { recursive: true, force: true });
  });
  return () => {
    if (bed === undefined) throw new Error('the ingest bed is used before its beforeAll');
    return bed;
  };
}
