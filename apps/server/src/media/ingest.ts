// Makes an uploaded source file into playable HLS once: checks it, encodes it into a working
// folder, moves the folder into place and only then writes the catalogue row (ingest-work.ts). A
// rejected or failed ingest leaves the database and the media directory as they were. The demo's
// media are made in demo-ingest.ts.
import { link, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import {
  defaultSubtitleLanguage,
  latinSubtitleLanguage,
  mediaPathOf,
  mediaUrl,
  type SubtitleFormat,
  subtitleLimits,
  type SubtitleTrack,
  toLatin,
} from '@efir/contract';
import { categoryExists, findItem, setProbedLength } from '../repositories/catalogues.ts';
import { addRadio, setRadioAudio } from '../repositories/radios.ts';
import { addVideo, moveVideoMedia, setVideoMedia, type VideoMedia } from '../repositories/videos.ts';
import { mediaFolderOf } from './media-files.ts';
import { ffmpeg, type IngestContext, IngestError, ladderMedia, produce, type Progress } from './ingest-work.ts';
import {
  audioFileArgs,
  ladderBytes,
  ladderFor,
  masterPlaylist,
  masterWithSubtitles,
  previewArgs,
  radioBytes,
  radioEncodeArgs,
  type SubtitleRenditionRef,
  subtitleRefsOf,
  videoEncodeArgs,
} from './ladder.ts';
import { type MediaProbe, probeMedia, segmentStartSeconds } from './probe.ts';
import {
  checkCuesFit,
  type Cue,
  readSubtitles,
  renditionCues,
  SubtitleError,
  subtitleRendition,
  subtitleSegmentName,
} from './subtitles.ts';
import { parseMediaPlaylist } from '../live/segment-list.ts';

export interface VideoSource {
  file: string;
  name: string;
  categoryId: number;
  description?: string;
  draft?: number;
  /** Subtitle files, one per language, the first offered first. */
  subtitles?: readonly SubtitleTrack[];
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

/** The encoding's share of a job; what follows (previews, the audio file) takes the rest. */
const encodingShare = 0.95;

/** Encodes a video source into the ladder with its previews; `record` writes the catalogue. */
async function makeVideoMedia<T>(
  context: IngestContext,
  file: string,
  onProgress: Progress | undefined,
  record: (media: VideoMedia, durationSeconds: number) => Promise<T>,
  /** Told the source's length once it is probed, before the encoding. */
  probed?: (durationSeconds: number) => Promise<void>,
  /** Its subtitle tracks, read and checked against its length. */
  tracksFor: (durationSeconds: number) => Promise<ReadTrack[]> = () => Promise.resolve([]),
): Promise<T> {
  onProgress?.(0, 'probing');
  const probe = await checkSource(context, file, 'video');
  // Bad subtitles are refused before the encoding, with the line that is wrong.
  const tracks = await tracksFor(probe.durationSeconds);
  await probed?.(probe.durationSeconds);
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
      const top = rungs[0];
      const refs = top === undefined ? [] : await writeSubtitleRenditions(context, workDir, String(top.height), tracks);
      await writeFile(join(workDir, 'master.m3u8'), masterPlaylist(rungs, refs));
      onProgress?.(1, 'finishing');
    },
    (urlBase) =>
      record(
        ladderMedia(
          urlBase,
          rungs,
          tracks.map(({ track }) => track.language),
        ),
        probe.durationSeconds,
      ),
  );
}

export async function ingestVideo(context: IngestContext, source: VideoSource, onProgress?: Progress): Promise<number> {
  if (!(await categoryExists(context.db, 'video', source.categoryId))) {
    throw new IngestError(`${basename(source.file)}: no video category ${source.categoryId}`);
  }
  return makeVideoMedia(
    context,
    source.file,
    onProgress,
    (media, durationSeconds) =>
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
    undefined,
    (durationSeconds) => readTracks(source.subtitles ?? [], durationSeconds),
  );
}

/** A subtitle track read and checked: its cues with its language and label. */
interface ReadTrack {
  track: Omit<SubtitleTrack, 'file'>;
  cues: Cue[];
}

async function readTracks(subtitles: readonly SubtitleTrack[], durationSeconds: number): Promise<ReadTrack[]> {
  const read: ReadTrack[] = [];
  for (const { file, ...track } of subtitles) {
    try {
      const cues = await readSubtitles(file);
      checkCuesFit(cues, durationSeconds, basename(file));
      read.push({ track, cues });
    } catch (error) {
      throw subtitleRefusal(error);
    }
  }
  return withLatinScript(read);
}

/** A subtitle file refused refuses the job, in its words. */
const subtitleRefusal = (error: unknown): unknown =>
  error instanceof SubtitleError ? new IngestError(error.message) : error;

/** The Russian track's cues in the Latin script, as a track of their own after it (the ru-latn
 * pages pick it, as they get every other text in that script), unless one was given. */
function withLatinScript(tracks: readonly ReadTrack[]): ReadTrack[] {
  const russian = tracks.find(({ track }) => track.language === defaultSubtitleLanguage.language);
  if (russian === undefined || tracks.some(({ track }) => track.language === latinSubtitleLanguage)) return [...tracks];
  const latin: ReadTrack = {
    track: { ...russian.track, language: latinSubtitleLanguage, label: toLatin(russian.track.label) },
    cues: russian.cues.map((cue) => ({ ...cue, text: toLatin(cue.text) })),
  };
  const at = tracks.indexOf(russian) + 1;
  return [...tracks.slice(0, at), latin, ...tracks.slice(at)];
}

/**
 * Each track as a WebVTT rendition under `subs/<language>/`: a segment per media segment of the
 * ladder (the top rung's durations; every rung's are the same), mapped to where the segments start
 * on their MPEG-TS clock. Answers the tracks as the master playlist names them.
 */
async function writeSubtitleRenditions(
  context: IngestContext,
  workDir: string,
  /** The folder of a rung (its height), whose segments the renditions follow. */
  rung: string,
  tracks: readonly ReadTrack[],
): Promise<SubtitleRenditionRef[]> {
  if (tracks.length === 0) return [];
  const rungDir = join(workDir, rung);
  const segments = parseMediaPlaylist(await readFile(join(rungDir, 'index.m3u8'), 'utf8'), (uri) => join(rungDir, uri));
  const first = segments[0];
  if (first === undefined) throw new IngestError('the encoding made no segment');
  const mpegtsStart = await segmentStartSeconds(context.tools, first.uri);
  const durations = segments.map((segment) => segment.duration);
  const refs: SubtitleRenditionRef[] = [];
  for (const { track, cues } of tracks) {
    const folder = join('subs', track.language);
    await mkdir(join(workDir, folder), { recursive: true });
    const rendition = subtitleRendition(cues, durations, mpegtsStart);
    await Promise.all(
      rendition.segments.map((text, index) => writeFile(join(workDir, folder, subtitleSegmentName(index)), text)),
    );
    await writeFile(join(workDir, folder, 'index.m3u8'), rendition.playlist);
    refs.push({ language: track.language, label: track.label, uri: `${folder}/index.m3u8` });
  }
  return refs;
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
  const before = await findItem(context.db, 'video', source.itemId);
  if (before === undefined) throw new IngestError(`video ${source.itemId}: no such video (was it deleted?)`);
  const oldFolder = mediaFolderOf(before.masterPlaylist);
  const keepsPicture =
    before.preview !== '' && (oldFolder === undefined || !before.preview.startsWith(mediaUrl(`${oldFolder}/`)));
  const found = await makeVideoMedia(
    context,
    source.file,
    onProgress,
    async (media, durationSeconds) => {
      const kept = keepsPicture ? { preview: before.preview, previewCatalog: before.previewCatalog } : {};
      return setVideoMedia(context.db, source.itemId, { ...media, ...kept }, durationSeconds);
    },
    (seconds) => setProbedLength(context.db, 'video', source.itemId, seconds),
    // Its subtitles go on with the new media, if they fit them.
    async (durationSeconds) => {
      const tracks = oldFolder === undefined ? [] : await folderTracks(context, oldFolder);
      for (const { track, cues } of tracks) {
        try {
          checkCuesFit(cues, durationSeconds, `the «${track.label}» subtitles`);
        } catch (error) {
          throw new IngestError(`${(subtitleRefusal(error) as Error).message}: remove them, or upload media they fit`);
        }
      }
      return tracks;
    },
  );
  if (!found) throw new IngestError(`video ${source.itemId}: no such video (was it deleted?)`);
  return { retired: oldFolder };
}

/** The subtitle tracks of a video's media folder (`v/<uuid>`), as its master names them, with their cues. */
async function folderTracks(context: IngestContext, folder: string): Promise<ReadTrack[]> {
  const dir = join(context.mediaDir, folder);
  const refs = subtitleRefsOf(await readFile(join(dir, 'master.m3u8'), 'utf8'));
  return Promise.all(
    refs.map(async ({ language, label, uri }) => {
      const playlist = join(dir, uri);
      const segments = parseMediaPlaylist(await readFile(playlist, 'utf8'), (segment) =>
        join(dirname(playlist), segment),
      );
      const texts = await Promise.all(segments.map((segment) => readFile(segment.uri, 'utf8')));
      return { track: { language, label }, cues: await renditionCues(texts) };
    }),
  );
}

/** An editor's change of a video's subtitles: a track attached from a file (in place of the one in
 * its language, if any), or the track of a language removed. */
export interface SubtitleChange {
  itemId: number;
  attach?: { file: string; format: SubtitleFormat; name: string; language: string; label: string };
  remove?: string;
}

/**
 * Gives a video the subtitles asked in a media folder of its own (a folder is never changed while
 * it may be playing): the picture and sound files linked from the one it plays, the subtitle
 * renditions and master written anew. Attaching or removing the Russian track does the same to
 * its Latin-script copy, which is made again from it.
 */
export async function changeVideoSubtitles(
  context: IngestContext,
  change: SubtitleChange,
  onProgress?: Progress,
): Promise<ReplacedMedia> {
  onProgress?.(0, 'probing');
  const { itemId, attach } = change;
  const before = await findItem(context.db, 'video', itemId);
  if (before === undefined) throw new IngestError(`video ${itemId}: no such video (was it deleted?)`);
  const oldFolder = mediaFolderOf(before.masterPlaylist);
  const top = Math.max(...before.renditions.map((rendition) => rendition.height));
  if (oldFolder === undefined || !Number.isFinite(top)) {
    throw new IngestError(`video ${itemId}: subtitles go with media made on this site, and it has none`);
  }
  const changed = change.remove ?? attach?.language;
  const replaced = new Set([changed]);
  if (changed === defaultSubtitleLanguage.language) replaced.add(latinSubtitleLanguage);
  const kept = (await folderTracks(context, oldFolder)).filter(({ track }) => !replaced.has(track.language));
  let tracks = kept;
  if (attach !== undefined) {
    const { file, format, name, language, label } = attach;
    const cues = await readSubtitles(file, format, name).catch((error: unknown) => {
      throw subtitleRefusal(error);
    });
    try {
      checkCuesFit(cues, before.durationSeconds, name);
    } catch (error) {
      throw subtitleRefusal(error);
    }
    const added = { track: { language, label }, cues };
    // The Russian track comes first, as at ingest; another language after those there are.
    tracks = withLatinScript(language === defaultSubtitleLanguage.language ? [added, ...kept] : [...kept, added]);
  }
  if (tracks.length > subtitleLimits.tracksPerVideo) {
    throw new IngestError(`video ${itemId}: at most ${String(subtitleLimits.tracksPerVideo)} subtitle tracks`);
  }
  const oldDir = join(context.mediaDir, oldFolder);
  const oldBase = mediaUrl(oldFolder);
  return produce(
    context,
    'v',
    `video ${String(itemId)}`,
    subtitleLimits.maxBytes * tracks.length,
    async (workDir) => {
      await linkMedia(oldDir, workDir);
      onProgress?.(0.5, 'finishing');
      const refs = await writeSubtitleRenditions(context, workDir, String(top), tracks);
      const master = await readFile(join(oldDir, 'master.m3u8'), 'utf8');
      await writeFile(join(workDir, 'master.m3u8'), masterWithSubtitles(master, refs));
      onProgress?.(1, 'finishing');
    },
    async (urlBase) => {
      const moved = (link: string): string =>
        link.startsWith(`${oldBase}/`) ? `${urlBase}${link.slice(oldBase.length)}` : link;
      const media = {
        masterPlaylist: moved(before.masterPlaylist),
        renditions: before.renditions.map((rendition) => ({ ...rendition, link: moved(rendition.link) })),
        subtitles: tracks.map(({ track }) => track.language),
        preview: moved(before.preview),
        previewCatalog: moved(before.previewCatalog),
      };
      if (!(await moveVideoMedia(context.db, itemId, before.masterPlaylist, media))) {
        throw new IngestError(`video ${itemId}: its media changed while its subtitles were made; try again`);
      }
      return { retired: oldFolder };
    },
  );
}

/** Hard-links a media folder's picture and sound files, and its previews, into `to`: not its
 * master playlist or subtitles, which a new folder writes itself. Links cost no room. */
async function linkMedia(from: string, to: string): Promise<void> {
  for (const entry of await readdir(from, { recursive: true, withFileTypes: true })) {
    const path = relative(from, join(entry.parentPath, entry.name));
    if (path === 'master.m3u8' || path === 'subs' || path.startsWith(`subs${sep}`)) continue;
    if (entry.isDirectory()) await mkdir(join(to, path), { recursive: true });
    else if (entry.isFile()) await link(join(from, path), join(to, path));
  }
}

/** Encodes a radio source into HLS AAC and the audio file to save, with a cover if given. */
async function makeRadioMedia<T>(
  context: IngestContext,
  file: string,
  cover: string | undefined,
  onProgress: Progress | undefined,
  record: (media: { audioPlaylist: string; audioFile: string; preview: string }, durationSeconds: number) => Promise<T>,
  /** Told the source's length once it is probed, before the encoding. */
  probed?: (durationSeconds: number) => Promise<void>,
): Promise<T> {
  onProgress?.(0, 'probing');
  const probe = await checkSource(context, file, 'audio');
  await probed?.(probe.durationSeconds);
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
  if (!(await categoryExists(context.db, 'radio', source.categoryId))) {
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
  const before = await findItem(context.db, 'radio', source.itemId);
  if (before === undefined) throw new IngestError(`radio ${source.itemId}: no such radio (was it deleted?)`);
  const oldFolder = mediaFolderOf(before.audioPlaylist);
  const coverPath = mediaPathOf(before.preview);
  const cover =
    oldFolder !== undefined && coverPath?.startsWith(`${oldFolder}/`) === true
      ? join(context.mediaDir, coverPath)
      : undefined;
  const found = await makeRadioMedia(
    context,
    source.file,
    cover,
    onProgress,
    (media, durationSeconds) =>
      setRadioAudio(context.db, source.itemId, media.audioPlaylist, {
        durationSeconds,
        audioFile: media.audioFile,
        ...(cover === undefined ? {} : { preview: media.preview }),
      }),
    (seconds) => setProbedLength(context.db, 'radio', source.itemId, seconds),
  );
  if (!found) throw new IngestError(`radio ${source.itemId}: no such radio (was it deleted?)`);
  return { retired: oldFolder };
}
