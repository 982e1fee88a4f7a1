// Makes a source file into playable HLS once: checks it, encodes it into a working folder, moves
// the folder into place and only then writes the catalogue row. A rejected or failed ingest
// leaves the database and the media directory as they were.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, statfs, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { mediaPathOf, mediaUrl } from '@efir/contract';
import type { Db } from '../db/database.ts';
import { addRadio, findRadio, radioCategoryExists, setRadioAudio } from '../repositories/radios.ts';
import { addVideo, findVideo, setVideoMedia, videoCategoryExists, type VideoMedia } from '../repositories/videos.ts';
import { parseMediaPlaylist } from '../live/segment-list.ts';
import { mediaFolderOf } from './media-files.ts';
import type { Segment } from '../live/timeline.ts';
import type { MediaTools } from './ffmpeg.ts';
import {
  demoClipLabel,
  demoClipOf,
  demoClipKey,
  demoClipPath,
  demoClipRecipe,
  demoClips,
  demoItemPlaylist,
  type DemoKind,
  demoCoverPicture,
  type DemoPicture,
  demoPicturesArgs,
  demoPreviewPicture,
  demoRadioFile,
  demoRungs,
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
import type { PreparedMedia, Recipe } from './prepared-media.ts';
import { type MediaProbe, probeMedia } from './probe.ts';
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
function ffmpeg(
  context: IngestContext,
  args: readonly string[],
  durationSeconds: number,
  onProgress?: (done: number) => void,
): Promise<void> {
  return runFfmpeg(context.tools, args, durationSeconds, onProgress, { signal: context.signal, background: true });
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
  const probe = await probeMedia(context.tools, file, 'media');
  if (probe === undefined)
    throw new IngestError(
      `${name}: not an audio or video file ffprobe can read as MP4, MOV, MKV, WebM, AVI, MPEG, MP3, AAC, WAV, FLAC or Ogg`,
    );
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
        `has ${Math.floor(free / megabyte)} MB free`,
    );
  }
}

/** What failed in making media, as the job reports it: a stop stays a stop. ffmpeg's words and
 * the system's name the server's paths, so the job says what happened and keeps them as its
 * cause, for the server's log. */
function asIngestError(label: string, error: unknown): unknown {
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

/** The encoding's share of a job; what follows (previews, the audio file) takes the rest. */
const encodingShare = 0.95;

/** Encodes a video source into the ladder with its previews; `record` writes the catalogue. */
async function makeVideoMedia<T>(
  context: IngestContext,
  file: string,
  onProgress: Progress | undefined,
  record: (media: VideoMedia, durationSeconds: number) => Promise<T>,
): Promise<T> {
  onProgress?.(0, 'probing');
  const probe = await checkSource(context, file, 'video');
  const rungs = ladderFor(probe.video?.height ?? 0);
  const stillAt = Math.min(probe.durationSeconds * 0.1, Math.max(0, probe.durationSeconds - 0.5));
  return produce(
    context,
    'v',
    basename(file),
    ladderBytes(rungs, probe.durationSeconds),
    async (workDir) => {
      await Promise.all(rungs.map((rung) => mkdir(join(workDir, String(rung.height)))));
      await ffmpeg(
        context,
        videoEncodeArgs({
          input: probe.input,
          outDir: workDir,
          rungs,
          durationSeconds: probe.durationSeconds,
          hasAudio: probe.hasAudio,
        }),
        probe.durationSeconds,
        (done) => onProgress?.(done * encodingShare, 'encoding'),
      );
      onProgress?.(encodingShare, 'finishing');
      await ffmpeg(context, previewArgs(probe.input, stillAt, 1280, 720, join(workDir, 'preview.jpg')), 0);
      await ffmpeg(context, previewArgs(probe.input, stillAt, 480, 270, join(workDir, 'preview-catalog.jpg')), 0);
      await writeFile(join(workDir, 'master.m3u8'), masterPlaylist(rungs));
      onProgress?.(1, 'finishing');
    },
    (urlBase) => record(ladderMedia(urlBase, rungs), probe.durationSeconds),
  );
}

export async function ingestVideo(context: IngestContext, source: VideoSource, onProgress?: Progress): Promise<number> {
  if (!(await videoCategoryExists(context.db, source.categoryId))) {
    throw new IngestError(`${basename(source.file)}: no video category ${source.categoryId}`);
  }
  return makeVideoMedia(context, source.file, onProgress, (media, durationSeconds) =>
    addVideo(
      context.db,
      {
        name: source.name,
        description: source.description ?? '',
        durationSeconds,
        draft: source.draft ?? 0,
        categoryId: source.categoryId,
      },
      media,
    ),
  );
}

/** Media made for an item that had others: the folder of the old ones, to retire. */
export interface ReplacedMedia {
  retired: string | undefined;
}

/**
 * Makes an existing video's media from a source file (an editor's upload), in place of any it
 * had. A picture the editor chose stays; the old media's folder is answered for retiring.
 */
export async function ingestVideoMedia(
  context: IngestContext,
  source: { file: string; itemId: number },
  onProgress?: Progress,
): Promise<ReplacedMedia> {
  const before = await findVideo(context.db, source.itemId);
  if (before === undefined) throw new IngestError(`video ${source.itemId}: no such video (was it deleted?)`);
  const oldFolder = mediaFolderOf(before.masterPlaylist);
  const keepsPicture =
    before.preview !== '' && (oldFolder === undefined || !before.preview.startsWith(mediaUrl(`${oldFolder}/`)));
  const found = await makeVideoMedia(context, source.file, onProgress, async (media, durationSeconds) => {
    const kept = keepsPicture ? { preview: before.preview, previewCatalog: before.previewCatalog } : {};
    return setVideoMedia(context.db, source.itemId, { ...media, ...kept }, durationSeconds);
  });
  if (!found) throw new IngestError(`video ${source.itemId}: no such video (was it deleted?)`);
  return { retired: oldFolder };
}

/** Encodes a radio source into HLS AAC and the audio file to save, with a cover if given. */
async function makeRadioMedia<T>(
  context: IngestContext,
  file: string,
  cover: string | undefined,
  onProgress: Progress | undefined,
  record: (media: { audioPlaylist: string; audioFile: string; preview: string }, durationSeconds: number) => Promise<T>,
): Promise<T> {
  onProgress?.(0, 'probing');
  const probe = await checkSource(context, file, 'audio');
  const coverProbe = cover === undefined ? undefined : await probeMedia(context.tools, cover, 'picture');
  if (cover !== undefined && coverProbe?.video === undefined) {
    throw new IngestError(`${basename(cover)}: not a JPEG, PNG or WebP picture`);
  }
  return produce(
    context,
    'r',
    basename(file),
    radioBytes(probe.durationSeconds),
    async (workDir) => {
      await ffmpeg(context, radioEncodeArgs(probe.input, workDir), probe.durationSeconds, (done) =>
        onProgress?.(done * encodingShare, 'encoding'),
      );
      onProgress?.(encodingShare, 'finishing');
      await ffmpeg(context, audioFileArgs(join(workDir, 'index.m3u8'), join(workDir, 'audio.m4a')), 0);
      if (coverProbe !== undefined) {
        await ffmpeg(context, previewArgs(coverProbe.input, 0, 480, 480, join(workDir, 'preview.jpg')), 0);
      }
      onProgress?.(1, 'finishing');
    },
    (urlBase) =>
      record(
        {
          audioPlaylist: `${urlBase}/index.m3u8`,
          audioFile: `${urlBase}/audio.m4a`,
          preview: cover === undefined ? '' : `${urlBase}/preview.jpg`,
        },
        probe.durationSeconds,
      ),
  );
}

export async function ingestRadio(context: IngestContext, source: RadioSource, onProgress?: Progress): Promise<number> {
  if (!(await radioCategoryExists(context.db, source.categoryId))) {
    throw new IngestError(`${basename(source.file)}: no radio category ${source.categoryId}`);
  }
  return makeRadioMedia(context, source.file, source.preview, onProgress, (media, durationSeconds) =>
    addRadio(context.db, {
      name: source.name,
      author: source.author,
      durationSeconds,
      draft: source.draft ?? 0,
      kind: source.kind ?? 1,
      categoryId: source.categoryId,
      ...media,
    }),
  );
}

/** Makes an existing radio's audio from a source file, in place of any it had; its cover stays
 * (a cover made with the old audio, in its folder, is made again in the new one). */
export async function ingestRadioMedia(
  context: IngestContext,
  source: { file: string; itemId: number },
  onProgress?: Progress,
): Promise<ReplacedMedia> {
  const before = await findRadio(context.db, source.itemId);
  if (before === undefined) throw new IngestError(`radio ${source.itemId}: no such radio (was it deleted?)`);
  const oldFolder = mediaFolderOf(before.audioPlaylist);
  const coverPath = mediaPathOf(before.preview);
  const cover =
    oldFolder !== undefined && coverPath?.startsWith(`${oldFolder}/`) === true
      ? join(context.mediaDir, coverPath)
      : undefined;
  const found = await makeRadioMedia(context, source.file, cover, onProgress, (media, durationSeconds) =>
    setRadioAudio(context.db, source.itemId, media.audioPlaylist, {
      durationSeconds,
      audioFile: media.audioFile,
      ...(cover === undefined ? {} : { preview: media.preview }),
    }),
  );
  if (!found) throw new IngestError(`radio ${source.itemId}: no such radio (was it deleted?)`);
  return { retired: oldFolder };
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

/** A demo item's pictures: with the other jobs' when the worker batches them. */
function makePictures(context: IngestContext, picture: DemoPicture): Promise<void> {
  return context.pictures?.make(picture) ?? ffmpeg(context, demoPicturesArgs([picture]), 0);
}

/** The base clips being made by this process, by folder: a job needing one waits for that run.
 * They are made one after another (an encode uses every core), so the first job's comes first. */
const clipsUnderWay = new Map<string, Promise<void>>();
let lastClip: Promise<unknown> = Promise.resolve();

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
  if (!existsSync(finalDir)) {
    let making = clipsUnderWay.get(finalDir);
    if (making === undefined) {
      making = lastClip
        .then(() => makeDemoClip(context, kind, clip, label, onProgress))
        .finally(() => clipsUnderWay.delete(finalDir));
      clipsUnderWay.set(finalDir, making);
      lastClip = making.catch(() => undefined);
    }
    await making;
  }
  const playlist = kind === 'tv' ? join(finalDir, '720', 'index.m3u8') : join(finalDir, 'index.m3u8');
  return loopedSegments(parseMediaPlaylist(await readFile(playlist, 'utf8'), (uri) => uri));
}

/** How a demo base clip is made, as a prepared recipe (the same bytes for every site). */
function demoClipMaking(context: IngestContext, kind: DemoKind, clip: number, onProgress?: Progress): Recipe {
  const seconds = demoClips[kind].seconds;
  return {
    name: `demo-${kind}-${String(clip)}`,
    key: demoClipKey(kind, clip),
    make: async (dir) => {
      const labelFile = join(dir, '.label.txt');
      if (kind === 'tv') {
        await Promise.all(demoRungs.map((rung) => mkdir(join(dir, String(rung.height)))));
        await writeDemoTitle(dir, demoClipLabel, '.label.txt');
      }
      await ffmpeg(context, demoClipRecipe(kind, clip, dir, labelFile), seconds, (done) =>
        onProgress?.(done, 'encoding'),
      );
      if (kind === 'radio') {
        await ffmpeg(context, audioFileArgs(join(dir, 'index.m3u8'), join(dir, demoRadioFile)), 0);
      }
      await rm(labelFile, { force: true });
    },
  };
}

async function makeDemoClip(
  context: IngestContext,
  kind: DemoKind,
  clip: number,
  label: string,
  onProgress?: Progress,
): Promise<void> {
  const finalDir = join(context.mediaDir, demoClipPath(kind, clip));
  const seconds = demoClips[kind].seconds;
  await mkdir(incomingDir(context.mediaDir), { recursive: true });
  await ensureRoom(context, label, kind === 'tv' ? ladderBytes(demoRungs, seconds) : radioBytes(seconds));
  try {
    await context.prepared.copyTo(demoClipMaking(context, kind, clip, onProgress), finalDir, newWorkFolder(context));
  } catch (error) {
    if (!existsSync(finalDir) || error instanceof FfmpegStopped) throw asIngestError(label, error);
  }
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
  const rungs = demoRungs;
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
      await makePictures(context, demoPreviewPicture({ clip, title: found.name, titleFile, outDir: workDir }));
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
      if (found.preview === '') {
        const titleFile = await writeDemoTitle(workDir, found.name);
        await makePictures(context, demoCoverPicture({ clip, title: found.name, titleFile, outDir: workDir }));
        await rm(titleFile, { force: true });
      }
    },
    (urlBase) =>
      setRadioAudio(context.db, id, `${urlBase}/index.m3u8`, {
        durationSeconds: playlist.seconds,
        audioFile: mediaUrl(`${demoClipPath('radio', clip)}/${demoRadioFile}`),
        ...(found.preview === '' ? { preview: `${urlBase}/cover.jpg` } : {}),
      }),
  );
}
