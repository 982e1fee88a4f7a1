// The files of media no item uses any more: a removed item's, media replaced by an upload, a
// picture replaced. They go at once unless the aired log still names them (a viewer of the live
// channel may still ask for those segments); then they wait in `retired_media` for housekeeping.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { mediaPathOf, mediaUrl } from '@efir/contract';
import type { Db } from '../db/database.ts';
import { airedNames, forgetRetired, keepRetired, retiredPaths } from '../repositories/media-files.ts';

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * The folder (under the media directory) of an ingest's media that a link points into:
 * `v/<uuid>` or `r/<uuid>`. Undefined for any other link: none, or a demo's shared clip.
 */
export function mediaFolderOf(link: string): string | undefined {
  return new RegExp(`^([vr]/${uuid})/`, 'u').exec(mediaPathOf(link) ?? '')?.[1];
}

/** The file of a picture the studio saved (`p/<uuid>.jpg`, `p/<uuid>-catalog.jpg`), else undefined. */
export function pictureFileOf(link: string): string | undefined {
  return new RegExp(`^(p/${uuid}(?:-catalog)?\\.jpg)$`, 'u').exec(mediaPathOf(link) ?? '')?.[1];
}

/** What under the media directory a link owns alone and may be removed with its item. */
export function ownedPath(link: string): string | undefined {
  return mediaFolderOf(link) ?? pictureFileOf(link);
}

/** Removes `paths` (under `mediaDir`) now, or once the aired log names them no more. */
export async function retireMedia(db: Db, mediaDir: string, paths: readonly (string | undefined)[]): Promise<void> {
  for (const path of new Set(paths)) {
    if (path === undefined) continue;
    if (await airedNames(db, mediaUrl(path))) await keepRetired(db, path);
    else await rm(join(mediaDir, path), { recursive: true, force: true });
  }
}

/** Removes the retired media the aired log has forgotten. */
export async function sweepRetiredMedia(db: Db, mediaDir: string): Promise<void> {
  for (const path of await retiredPaths(db)) {
    if (await airedNames(db, mediaUrl(path))) continue;
    await rm(join(mediaDir, path), { recursive: true, force: true });
    await forgetRetired(db, path);
  }
}
