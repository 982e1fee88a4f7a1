// Makes a source file into playable HLS once: checks it, encodes it into a working folder, moves
// the folder into place and only then writes the catalogue row. A rejected or failed ingest
// leaves the database and the media directory as they were.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, statfs, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Db } from '../db/database.ts';
import { addRadio, findRadio, radioCategoryExists, setRadioAudio } from '../repositories/radios.ts';
import { addVideo, findVideo, setVideoMedia, videoCategoryExists, type VideoMedia } from '../repositories/videos.ts';
import { parseMediaPlaylist } from '../live/segment-list.ts';
import type { Segment } from '../live/timeline.ts';
import type { MediaTools } from './ffmpeg.ts';
import {
  demoClipArgs,
  demoClipOf,
  demoClipPath,
  demoClips,
  demoItemPlaylist,
  type DemoKind,
  demoPreviewArgs,
  demoRadioInput,
  loopedSegments,
  writeDemoTitle,
} from './demo-media.ts';
import {
  audioFileArgs,
  ladderBytes,
  ladderFor,
  masterPlaylist,
  previewArgs,
  radioBytes,
  radioEncodeArgs,
  type Rung,
  videoEncodeArgs,
} from './ladder.ts';
import { type MediaProbe, probeMedia } from './probe.ts';
import { FfmpegStopped, runFfmpeg } from './run-ffmpeg.ts';
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
}

/** ffmpeg for a job, stopped with the worker. */
function ffmpeg(
  context: IngestContext,
  args: readonly string[],
  durationSeconds: number,
  onProgress?: (done: number) => void,
): Promise<void> {
  return runFfmpeg(context.tools, args, durationSeconds, onProgress, context.signal);
}

export interface VideoSource {
  file: string;
  name: string;
  categoryId: number;
  description?: string;
  draft?: number;
}

export interface RadioSource {
  file: string;
  name: string;
  author: string;
  categoryId: number;
  /** An image for the cover; without one the site shows the default cover. */
  preview?: string;
  kind?: 1 | 2;
  draft?: number;
}

export type Progress = (done: number) => void;

async function checkSource(context: IngestContext, file: string, wants: 'video' | 'audio'): Promise<MediaProbe> {
  const name = basename(file);
  let size: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new IngestError(`${name}: not a file`);
    size = info.size;
  } catch (error) {
    if (error instanceof IngestError) throw error;
    throw new IngestError(`${name}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  if (size === 0) throw new IngestError(`${name}: the file is empty`);
  if (size > context.maxBytes) {
    throw new IngestError(`${name}: ${size} bytes is over the limit of ${context.maxBytes} bytes (INGEST_MAX_BYTES)`);
  }
  const probe = await probeMedia(context.tools, file);
  if (probe === undefined) throw new IngestError(`${name}: not an audio or video file ffprobe can read`);
  if (wants === 'video' && probe.video === undefined) throw new IngestError(`${name}: has no video stream`);
  if (wants === 'audio' && !probe.hasAudio) throw new IngestError(`${name}: has no audio stream`);
  if (!(probe.durationSeconds > 0)) throw new IngestError(`${name}: has no duration`);
  if (probe.durationSeconds > context.maxSeconds) {
    throw new IngestError(
      `${name}: ${Math.round(probe.durationSeconds)} s is over the limit of ${context.maxSeconds} s (INGEST_MAX_SECONDS)`,
    );
  }
  return probe;
}

const megabyte = 1024 * 1024;

/** Refuses, before any encoding, media of `outputBytes` that the media disk has no room for. */
async function ensureRoom(context: IngestContext, label: string, outputBytes: number): Promise<void> {
  const disk = await statfs(incomingDir(context.mediaDir));
  const free = disk.bavail * disk.bsize;
  if (free < outputBytes) {
    throw new IngestError(
      `${label}: its media need about ${Math.ceil(outputBytes / megabyte)} MB and the media disk ` +
        `(${context.mediaDir}) has ${Math.floor(free / megabyte)} MB free`,
    );
  }
}

/** What failed in making media, as the job reports it: a stop stays a stop. */
function asIngestError(label: string, error: unknown): unknown {
  if (error instanceof IngestError || error instanceof FfmpegStopped) return error;
  return new IngestError(`${label}: ${error instanceof Error ? error.message : String(error)}`);
}

/** A new work folder: the job's when there is one. */
function newWorkFolder(context: IngestContext): string {
  return context.job === undefined
    ? join(incomingDir(context.mediaDir), randomUUID())
    : jobWorkFolder(context.mediaDir, context.job);
}

/**
 * Encodes into a working folder, moves it to `<mediaDir>/<kind>/<uuid>`, then writes the catalogue
 * with `record(urlBase)`. Whatever fails, nothing made stays behind; nothing starts without room
 * for about `outputBytes`.
 */
async function produce<T>(
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
    return await record(`/media/${kind}/${id}`);
  } catch (error) {
    await rm(finalDir, { recursive: true, force: true });
    throw new IngestError(`${label}: could not be added to the catalogue: ${(error as Error).message}`);
  }
}

export async function ingestVideo(context: IngestContext, source: VideoSource, onProgress?: Progress): Promise<number> {
  if (!(await videoCategoryExists(context.db, source.categoryId))) {
    throw new IngestError(`${basename(source.file)}: no video category ${source.categoryId}`);
  }
  const probe = await checkSource(context, source.file, 'video');
  const rungs = ladderFor(probe.video?.height ?? 0);
  const stillAt = Math.min(probe.durationSeconds * 0.1, Math.max(0, probe.durationSeconds - 0.5));
  return produce(
    context,
    'v',
    basename(source.file),
    ladderBytes(rungs, probe.durationSeconds),
    async (workDir) => {
      await Promise.all(rungs.map((rung) => mkdir(join(workDir, String(rung.height)))));
      await ffmpeg(
        context,
        videoEncodeArgs({
          input: source.file,
          outDir: workDir,
          rungs,
          durationSeconds: probe.durationSeconds,
          hasAudio: probe.hasAudio,
        }),
        probe.durationSeconds,
        onProgress,
      );
      await ffmpeg(context, previewArgs(source.file, stillAt, 1280, 720, join(workDir, 'preview.jpg')), 0);
      await ffmpeg(context, previewArgs(source.file, stillAt, 480, 270, join(workDir, 'preview-catalog.jpg')), 0);
      await writeFile(join(workDir, 'master.m3u8'), masterPlaylist(rungs));
    },
    (urlBase) =>
      addVideo(
        context.db,
        {
          name: source.name,
          description: source.description ?? '',
          durationSeconds: probe.durationSeconds,
          draft: source.draft ?? 0,
          categoryId: source.categoryId,
        },
        ladderMedia(urlBase, rungs),
      ),
  );
}

export async function ingestRadio(context: IngestContext, source: RadioSource, onProgress?: Progress): Promise<number> {
  if (!(await radioCategoryExists(context.db, source.categoryId))) {
    throw new IngestError(`${basename(source.file)}: no radio category ${source.categoryId}`);
  }
  const probe = await checkSource(context, source.file, 'audio');
  const cover = source.preview;
  if (cover !== undefined && (await probeMedia(context.tools, cover))?.video === undefined) {
    throw new IngestError(`${basename(cover)}: not an image ffprobe can read`);
  }
  return produce(
    context,
    'r',
    basename(source.file),
    radioBytes(probe.durationSeconds),
    async (workDir) => {
      await ffmpeg(context, radioEncodeArgs(['-i', source.file], workDir), probe.durationSeconds, onProgress);
      await ffmpeg(context, audioFileArgs(join(workDir, 'index.m3u8'), join(workDir, 'audio.m4a')), 0);
      if (cover !== undefined) {
        await ffmpeg(context, previewArgs(cover, 0, 480, 480, join(workDir, 'preview.jpg')), 0);
      }
    },
    (urlBase) =>
      addRadio(context.db, {
        name: source.name,
        author: source.author,
        durationSeconds: probe.durationSeconds,
        draft: source.draft ?? 0,
        kind: source.kind ?? 1,
        categoryId: source.categoryId,
        audioPlaylist: `${urlBase}/index.m3u8`,
        audioFile: `${urlBase}/audio.m4a`,
        preview: cover === undefined ? '' : `${urlBase}/preview.jpg`,
      }),
  );
}

/** The links of a ladder made under `urlBase`, as stored on a video. */
function ladderMedia(urlBase: string, rungs: readonly Rung[]): VideoMedia {
  return {
    masterPlaylist: `${urlBase}/master.m3u8`,
    renditions: rungs.map((rung) => ({ height: rung.height, link: `${urlBase}/${rung.height}/index.m3u8` })),
    preview: `${urlBase}/preview.jpg`,
    previewCatalog: `${urlBase}/preview-catalog.jpg`,
  };
}

/**
 * The segments of a demo base clip (its TV clip's 720 rung), made first if it is not there yet:
 * encoded in a work folder and moved into `<mediaDir>/demo/<kind>/<clip>` whole. Should another
 * node make it meanwhile, theirs is as good.
 */
async function demoClip(
  context: IngestContext,
  kind: DemoKind,
  clip: number,
  label: string,
  onProgress?: Progress,
): Promise<Segment[]> {
  const finalDir = join(context.mediaDir, demoClipPath(kind, clip));
  const rungs = ladderFor(720);
  if (!existsSync(finalDir)) {
    const seconds = demoClips[kind].seconds;
    await mkdir(incomingDir(context.mediaDir), { recursive: true });
    await ensureRoom(context, label, kind === 'tv' ? ladderBytes(rungs, seconds) : radioBytes(seconds));
    const workDir = newWorkFolder(context);
    await mkdir(workDir);
    try {
      if (kind === 'tv') {
        await Promise.all(rungs.map((rung) => mkdir(join(workDir, String(rung.height)))));
        const labelFile = await writeDemoTitle(workDir, 'Эфир · демонстрация', '.label.txt');
        await ffmpeg(context, demoClipArgs({ clip, labelFile, outDir: workDir, rungs }), seconds, onProgress);
        await rm(labelFile);
      } else {
        const args = radioEncodeArgs(demoRadioInput(clip), workDir, { audioFilter: 'anull' });
        await ffmpeg(context, args, seconds, onProgress);
      }
      await mkdir(dirname(finalDir), { recursive: true });
      await rename(workDir, finalDir);
    } catch (error) {
      await rm(workDir, { recursive: true, force: true });
      if (!existsSync(finalDir) || error instanceof FfmpegStopped) throw asIngestError(label, error);
    }
  }
  const playlist = kind === 'tv' ? join(finalDir, '720', 'index.m3u8') : join(finalDir, 'index.m3u8');
  return loopedSegments(parseMediaPlaylist(await readFile(playlist, 'utf8'), (uri) => uri));
}

/** Room for a demo item's own files: its playlists and previews. */
const demoItemBytes = 4 * 1024 * 1024;

/**
 * Gives a catalogue video that has none its demo media (see demo-media.ts): playlists over its
 * base clip's segments, made first if need be, and previews with its title. Its listed length
 * becomes the playlists' (to the nearest whole segment).
 */
export async function attachDemoVideo(context: IngestContext, id: number, onProgress?: Progress): Promise<void> {
  const found = await findVideo(context.db, id);
  if (found === undefined) throw new IngestError(`video ${id}: no such video`);
  if (found.masterPlaylist !== '') return;
  const label = `video ${id}`;
  const clip = demoClipOf('tv', id);
  const segments = await demoClip(context, 'tv', clip, label, onProgress);
  const rungs = ladderFor(720);
  let seconds = found.durationSeconds;
  await produce(
    context,
    'v',
    label,
    demoItemBytes,
    async (workDir) => {
      for (const rung of rungs) {
        const playlist = demoItemPlaylist(
          segments,
          found.durationSeconds,
          `../../../${demoClipPath('tv', clip)}/${rung.height}/`,
        );
        seconds = playlist.seconds;
        await mkdir(join(workDir, String(rung.height)));
        await writeFile(join(workDir, String(rung.height), 'index.m3u8'), playlist.text);
      }
      await writeFile(join(workDir, 'master.m3u8'), masterPlaylist(rungs));
      const titleFile = await writeDemoTitle(workDir, found.name);
      await ffmpeg(context, demoPreviewArgs({ clip, title: found.name, titleFile, outDir: workDir }), 0);
      await rm(titleFile);
    },
    (urlBase) => setVideoMedia(context.db, id, ladderMedia(urlBase, rungs), seconds),
  );
}

/** Gives a catalogue radio that has none its demo audio: a playlist over its base tone's segments. */
export async function attachDemoRadio(context: IngestContext, id: number, onProgress?: Progress): Promise<void> {
  const found = await findRadio(context.db, id);
  if (found === undefined) throw new IngestError(`radio ${id}: no such radio`);
  if (found.audioPlaylist !== '') return;
  const label = `radio ${id}`;
  const clip = demoClipOf('radio', id);
  const segments = await demoClip(context, 'radio', clip, label, onProgress);
  const playlist = demoItemPlaylist(segments, found.durationSeconds, `../../${demoClipPath('radio', clip)}/`);
  await produce(
    context,
    'r',
    label,
    demoItemBytes,
    async (workDir) => {
      await writeFile(join(workDir, 'index.m3u8'), playlist.text);
    },
    (urlBase) => setRadioAudio(context.db, id, `${urlBase}/index.m3u8`, playlist.seconds),
  );
}
