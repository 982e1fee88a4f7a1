// A channel's media as its timelines air them: the filler's segments and each item's, read from the
// playlists under DATA_DIR/media once (media never change once made) and named by the URLs the
// live playlist gives players. Nothing here is encoded at play time.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ChannelKind, emptySubtitleSegmentPath, fillerFolders, mediaPathOf, mediaUrl } from '@efir/contract';
import { fillerPerLong, longFillerPlaylist, trimPlaylist } from '../media/filler.ts';
import { parseMediaPlaylist, resolveSegmentUri } from './segment-list.ts';
import { subtitleSegmentOf } from './subtitle-segments.ts';
import type { LongFiller, Segment } from './timeline.ts';

/** The rung a TV segment URI leaves open; every rung has the same segments. */
export const rungSlot = '{rung}';
/** The rung whose playlist gives a video's segment list. */
export const referenceRung = 720;

/** How a kind of channel's media lie under DATA_DIR/media: a video's a folder per rung, read at
 * the reference rung and aired with the rung left open; a radio's one rendition. Channels of a
 * kind share its filler. */
const mediaLayouts: Record<ChannelKind, { filler: string; rung?: { name: string; slot: string } }> = {
  video: { filler: fillerFolders.video, rung: { name: String(referenceRung), slot: rungSlot } },
  audio: { filler: fillerFolders.audio },
};

export class ChannelMedia {
  private readonly layout: { filler: string; rung?: { name: string; slot: string } };
  private readonly mediaDir: string | undefined;
  private readonly segmentLists = new Map<string, Promise<Segment[]>>();
  /** The subtitle languages of each video media folder (`subs/<language>/`), read once. */
  private readonly subtitleReads = new Map<string, Promise<void>>();
  private readonly subtitleLanguages = new Map<string, ReadonlySet<string>>();
  private fillerSegments: Segment[] | undefined;
  private longFillerSegments: LongFiller | undefined;
  private trimSegments: Segment[] | undefined;

  /** `mediaDir`: DATA_DIR/media; without it no item has segments and the filler is empty. */
  constructor(kind: ChannelKind, mediaDir: string | undefined) {
    this.mediaDir = mediaDir;
    this.layout = mediaLayouts[kind];
  }

  /** Where a media folder's playlist is read: the reference rung's, for the TV. */
  private readFolder(folder: string): string {
    const { rung } = this.layout;
    return rung === undefined ? folder : `${folder}/${rung.name}`;
  }

  /** How a media folder's segments are aired: with the rung left open, for the TV. */
  private airedFolder(folder: string): string {
    const { rung } = this.layout;
    return rung === undefined ? folder : `${folder}/${rung.slot}`;
  }

  /** The segments of the filler's playlist `name`, undefined while it cannot be read. */
  private async fillerPlaylist(name: string): Promise<Segment[] | undefined> {
    if (this.mediaDir === undefined) return undefined;
    const { filler } = this.layout;
    try {
      const text = await readFile(join(this.mediaDir, this.readFolder(filler), name), 'utf8');
      return parseMediaPlaylist(text, (uri) => `${mediaUrl(this.airedFolder(filler))}/${uri}`);
    } catch {
      return undefined;
    }
  }

  /** The filler's segments (the TV's with the rung left open); empty until the filler is made. */
  async filler(): Promise<Segment[]> {
    this.fillerSegments ??= await this.fillerPlaylist('index.m3u8');
    return this.fillerSegments ?? [];
  }

  /** The filler's long segments, undefined without them (a filler made before they were). */
  async longFiller(): Promise<LongFiller | undefined> {
    if (this.longFillerSegments === undefined) {
      const segments = await this.fillerPlaylist(longFillerPlaylist);
      if (segments !== undefined) this.longFillerSegments = { segments, perLong: fillerPerLong };
    }
    return this.longFillerSegments;
  }

  /** The filler's trims, shortest first; empty without them (a filler made before they were). */
  async trims(): Promise<Segment[]> {
    this.trimSegments ??= await this.fillerPlaylist(trimPlaylist);
    return this.trimSegments ?? [];
  }

  /** The segments of an item's media from its playlist URL (`/media/v/<id>/master.m3u8`, `/media/r/<id>/index.m3u8`). */
  segmentsOf(playlist: string): Promise<Segment[]> {
    const path = mediaPathOf(playlist);
    if (this.mediaDir === undefined || path === undefined) return Promise.resolve([]);
    const folder = path.slice(0, path.lastIndexOf('/'));
    const cached = this.segmentLists.get(folder);
    if (cached !== undefined) return cached;
    // A demo item's playlist names shared segments elsewhere under /media/ (`../../../demo/…`).
    const read = this.readFolder(folder);
    const file = join(this.mediaDir, read, 'index.m3u8');
    const resolve = (uri: string) => resolveSegmentUri(mediaUrl(read), uri, this.layout.rung);
    // Media that cannot be read, or name segments outside /media/, air as no media.
    const segments = readFile(file, 'utf8')
      .then((text) => parseMediaPlaylist(text, resolve))
      .catch(() => []);
    this.segmentLists.set(folder, segments);
    return segments;
  }

  /** Reads which subtitle languages the media folders of the video segments `uris` carry, each
   * folder once (media never change once made), so that `subtitleOf` can answer for them. */
  async readSubtitles(uris: Iterable<string>): Promise<void> {
    const { mediaDir } = this;
    const slot = this.layout.rung?.slot;
    if (mediaDir === undefined || slot === undefined) return;
    const reads: Promise<void>[] = [];
    for (const uri of uris) {
      const folder = subtitleSegmentOf(uri, slot, '')?.folder;
      if (folder === undefined || this.subtitleLanguages.has(folder)) continue;
      let read = this.subtitleReads.get(folder);
      if (read === undefined) {
        read = readdir(join(mediaDir, folder, 'subs')).then(
          (languages) => {
            this.subtitleLanguages.set(folder, new Set(languages));
          },
          () => {
            this.subtitleLanguages.set(folder, new Set());
          },
        );
        this.subtitleReads.set(folder, read);
      }
      reads.push(read);
    }
    await Promise.all(reads);
  }

  /** The subtitle segment that airs with the video segment `uri` in `language`: the video's own,
   * or the empty segment where it has none in that language (its folder read by `readSubtitles`). */
  subtitleOf(uri: string, language: string): string {
    const slot = this.layout.rung?.slot;
    const segment = slot === undefined ? undefined : subtitleSegmentOf(uri, slot, language);
    return segment !== undefined && this.subtitleLanguages.get(segment.folder)?.has(language) === true
      ? segment.uri
      : emptySubtitleSegmentPath;
  }
}
