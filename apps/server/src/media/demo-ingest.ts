// The demo's media for catalogue items written without any: playlists over base clips made once
// per machine (demo-media.ts), and pictures with each item's title. Nothing is encoded per item.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mediaUrl, airsAudio } from '@efir/contract';
import { findItem } from '../repositories/catalogues.ts';
import { setRadioAudio } from '../repositories/radios.ts';
import { setVideoMedia } from '../repositories/videos.ts';
import { parseMediaPlaylist } from '../live/segment-list.ts';
import type { Segment } from '../live/timeline.ts';
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
  asIngestError,
  ensureRoom,
  ffmpeg,
  type IngestContext,
  IngestError,
  ladderMedia,
  newWorkFolder,
  produce,
  type Progress,
} from './ingest-work.ts';
import { audioFileArgs, ladderBytes, masterPlaylist, radioBytes } from './ladder.ts';
import type { Recipe } from './prepared-media.ts';
import { FfmpegStopped } from './run-ffmpeg.ts';
import { incomingDir } from './work-folders.ts';

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
  const playlist = airsAudio(kind) ? join(finalDir, 'index.m3u8') : join(finalDir, '720', 'index.m3u8');
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
      if (!airsAudio(kind)) {
        await Promise.all(demoRungs.map((rung) => mkdir(join(dir, String(rung.height)))));
        await writeDemoTitle(dir, demoClipLabel, '.label.txt');
      }
      await ffmpeg(context, demoClipRecipe(kind, clip, dir, labelFile), seconds, (done) =>
        onProgress?.(done, 'encoding'),
      );
      if (airsAudio(kind)) {
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
  await ensureRoom(context, label, airsAudio(kind) ? radioBytes(seconds) : ladderBytes(demoRungs, seconds));
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
  const found = await findItem(context.db, 'video', id);
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
  const found = await findItem(context.db, 'radio', id);
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
