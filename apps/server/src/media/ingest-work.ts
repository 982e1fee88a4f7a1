// What every ingest shares, from an upload or for the demo: the context it runs in, its errors,
// ffmpeg for a job, room on the media disk, and the working folder that is moved into place whole
// before the catalogue row is written.
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import { mediaUrl } from '@efir/contract';
import type { Db } from '../db/database.ts';
import type { VideoMedia } from '../repositories/videos.ts';
import type { DemoPicture } from './demo-media.ts';
import type { MediaTools } from './ffmpeg.ts';
import type { Rung } from './ladder.ts';
import type { PreparedMedia } from './prepared-media.ts';
import { FfmpegError, FfmpegStalled, FfmpegStopped, runFfmpeg } from './run-ffmpeg.ts';
import { incomingDir, type JobAttempt, jobWorkFolder } from './work-folders.ts';

/** An ingest refused or failed for a reason the operator can act on; names the file. */
export class IngestError extends Error {}

export interface IngestContext {
  db: Db;
  tools: MediaTools;
  /** DATA_DIR/media: what the media origin serves under /media/. */
  mediaDir: string;
  maxBytes: number;
  maxSeconds: number;
  /** Stops the ffmpeg of the job under way (the worker is stopping); its job goes back to the queue. */
  signal?: AbortSignal;
  /** The queue's job this ingest runs for: its work folder is named after it. */
  job?: JobAttempt;
  /** Makes a demo item's pictures with other jobs' in one run; without it, a run of its own. */
  pictures?: { make(picture: DemoPicture): Promise<void> };
  /** The machine's prepared media, where the demo's base clips are made once. */
  prepared: PreparedMedia;
}

/** ffmpeg for a job, stopped with the worker, in the background. */
export function ffmpeg(
  context: IngestContext,
  args: readonly string[],
  durationSeconds: number,
  onProgress?: (done: number) => void,
): Promise<void> {
  return runFfmpeg(context.tools, args, durationSeconds, onProgress, { signal: context.signal, background: true });
}

const megabyte = 1024 * 1024;

/** Refuses, before any encoding, media of `outputBytes` that the media disk has no room for. */
export async function ensureRoom(context: IngestContext, label: string, outputBytes: number): Promise<void> {
  const disk = await statfs(incomingDir(context.mediaDir));
  const free = disk.bavail * disk.bsize;
  if (free < outputBytes) {
    throw new IngestError(
      `${label}: its media need about ${Math.ceil(outputBytes / megabyte)} MB and the media disk ` +
        `has ${Math.floor(free / megabyte)} MB free`,
    );
  }
}

/** What failed in making media, as the job reports it: a stop stays a stop. ffmpeg's words and
 * the system's name the server's paths, so the job says what happened and keeps them as its
 * cause, for the server's log. */
export function asIngestError(label: string, error: unknown): unknown {
  // A stopped or hung ffmpeg says nothing of the source: the job is taken again.
  if (error instanceof IngestError || error instanceof FfmpegStopped || error instanceof FfmpegStalled) return error;
  const what =
    error instanceof FfmpegError
      ? error.message.startsWith('ffmpeg could not start')
        ? 'ffmpeg could not start'
        : 'ffmpeg could not read or encode it'
      : `its media could not be written (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
  return new IngestError(`${label}: ${what}`, { cause: error });
}

/** A new work folder: the job's when there is one. */
export function newWorkFolder(context: IngestContext): string {
  return context.job === undefined
    ? join(incomingDir(context.mediaDir), randomUUID())
    : jobWorkFolder(context.mediaDir, context.job);
}

/**
 * Encodes into a working folder, moves it to `<mediaDir>/<kind>/<uuid>`, then writes the catalogue
 * with `record(urlBase)`. Whatever fails, nothing made stays behind; nothing starts without room
 * for about `outputBytes`.
 */
export async function produce<T>(
  context: IngestContext,
  kind: 'v' | 'r',
  label: string,
  outputBytes: number,
  make: (workDir: string) => Promise<void>,
  record: (urlBase: string) => Promise<T>,
): Promise<T> {
  await mkdir(incomingDir(context.mediaDir), { recursive: true });
  await ensureRoom(context, label, outputBytes);
  const id = randomUUID();
  const workDir = newWorkFolder(context);
  const finalDir = join(context.mediaDir, kind, id);
  await mkdir(workDir);
  try {
    await make(workDir);
    await mkdir(join(context.mediaDir, kind), { recursive: true });
    await rename(workDir, finalDir);
  } catch (error) {
    await rm(workDir, { recursive: true, force: true });
    throw asIngestError(label, error);
  }
  try {
    return await record(mediaUrl(`${kind}/${id}`));
  } catch (error) {
    await rm(finalDir, { recursive: true, force: true });
    throw new IngestError(`${label}: could not be added to the catalogue`, { cause: error });
  }
}

/** Where a job is: what the studio shows while it runs. */
export type IngestStage = 'probing' | 'encoding' | 'finishing';

/** What an ingest reports: how far it is (0 to 1) and in which stage. */
export type Progress = (done: number, stage: IngestStage) => void;

/** The links of a ladder made under `urlBase` (with its subtitles' languages), as stored on a video. */
export function ladderMedia(urlBase: string, rungs: readonly Rung[], subtitles: readonly string[] = []): VideoMedia {
  return {
    masterPlaylist: `${urlBase}/master.m3u8`,
    subtitles: [...subtitles],
    renditions: rungs.map((rung) => ({ height: rung.height, link: `${urlBase}/${rung.height}/index.m3u8` })),
    preview: `${urlBase}/preview.jpg`,
    previewCatalog: `${urlBase}/preview-catalog.jpg`,
  };
}
