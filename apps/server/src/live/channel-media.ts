// A channel's media as its timelines air them: the filler's segments and each item's, read from the
// playlists under DATA_DIR/media once (media never change once made) and named by the URLs the
// live playlist gives players. Nothing here is encoded at play time.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ChannelKind, mediaPathOf, mediaUrl } from '@efir/contract';
import { fillerPerLong, longFillerPlaylist } from '../media/filler.ts';
import { parseMediaPlaylist, resolveSegmentUri } from './segment-list.ts';
import type { LongFiller, Segment } from './timeline.ts';

/** The rung a TV segment URI leaves open; every rung has the same segments. */
export const rungSlot = '{rung}';
/** The rung whose playlist gives a video's segment list. */
export const referenceRung = 720;

/** How a kind of channel's media lie under DATA_DIR/media: a video's a folder per rung, read at
 * the reference rung and aired with the rung left open; a radio's one rendition. Channels of a
 * kind share its filler. */
const mediaLayouts: Record<ChannelKind, { filler: string; rung?: { name: string; slot: string } }> = {
  video: { filler: 'filler/tv', rung: { name: String(referenceRung), slot: rungSlot } },
  audio: { filler: 'filler/radio' },
};

export class ChannelMedia {
  private readonly layout: { filler: string; rung?: { name: string; slot: string } };
  private readonly mediaDir: string | undefined;
  private readonly segmentLists = new Map<string, Promise<Segment[]>>();
  private fillerSegments: Segment[] | undefined;
  private longFillerSegments: LongFiller | undefined;

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
}
