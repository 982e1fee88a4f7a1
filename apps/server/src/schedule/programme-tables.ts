// Where each kind of channel's schedule is stored, said once: its days table (teleprogram,
// radioprogram, a row per channel and date), its items table, the catalogue its items name and
// what differs between them. The schedule's reads and writes are written once over this
// description, not once per channel.
import type { ChannelKind, ChannelRef } from '@efir/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { radio, radioprogram, radioprogramItem, teleprogram, teleprogramItem, video } from '../db/schema/index.ts';

/** One item of a day as it is written. */
export interface WrittenItem {
  mediaId: number;
  startsAt: string | null;
  isAd: boolean;
  draft: number;
}

interface ProgrammeTables {
  days: typeof teleprogram | typeof radioprogram;
  items: typeof teleprogramItem | typeof radioprogramItem;
  /** The item's day (a days row's id). */
  itemDay: typeof teleprogramItem.teleprogramId | typeof radioprogramItem.radioprogramId;
  /** The item's medium (a catalogue row's id). */
  itemMedia: typeof teleprogramItem.videoId | typeof radioprogramItem.radioId;
  /** The catalogue the items name: videos or radios. */
  media: typeof video | typeof radio;
  /** The medium's playlist URL, empty until its media are made. */
  playlist: typeof video.masterPlaylist | typeof radio.audioPlaylist;
  /** The medium's preview picture. */
  preview: typeof video.previewCatalog | typeof radio.preview;
  /** Its subtitles' languages: a video's; a radio has none. */
  subtitles: typeof video.subtitles | SQL<string[]>;
  /** Whether an item carries a draft mark of its own (the radio's), or airs with its medium's. */
  itemsHaveDraft: boolean;
  /** The item's own draft mark: 0 where items have none. */
  itemDraft: typeof radioprogramItem.draft | SQL<number>;
  /** Whether the days carry running-line messages (the TV's tickers). */
  hasTickers: boolean;
  /** Writes a day's items in play order. */
  insertItems: (db: Db, dayId: number, items: readonly WrittenItem[]) => Promise<unknown>;
}

export const programmeTables: Record<ChannelKind, ProgrammeTables> = {
  video: {
    days: teleprogram,
    items: teleprogramItem,
    itemDay: teleprogramItem.teleprogramId,
    itemMedia: teleprogramItem.videoId,
    media: video,
    playlist: video.masterPlaylist,
    preview: video.previewCatalog,
    subtitles: video.subtitles,
    itemsHaveDraft: false,
    itemDraft: sql<number>`0`,
    hasTickers: true,
    insertItems: (db, dayId, items) =>
      db.insert(teleprogramItem).values(
        items.map((item, position) => ({
          teleprogramId: dayId,
          position,
          startsAt: item.startsAt,
          videoId: item.mediaId,
          isAd: item.isAd,
        })),
      ),
  },
  audio: {
    days: radioprogram,
    items: radioprogramItem,
    itemDay: radioprogramItem.radioprogramId,
    itemMedia: radioprogramItem.radioId,
    media: radio,
    playlist: radio.audioPlaylist,
    preview: radio.preview,
    subtitles: sql<string[]>`'{}'::text[]`,
    itemsHaveDraft: true,
    itemDraft: radioprogramItem.draft,
    hasTickers: false,
    insertItems: (db, dayId, items) =>
      db.insert(radioprogramItem).values(
        items.map((item, position) => ({
          radioprogramId: dayId,
          position,
          startsAt: item.startsAt,
          radioId: item.mediaId,
          isAd: item.isAd,
          draft: item.draft,
        })),
      ),
  },
};

/** The channel's day `date` in its days table. */
export function dayOf(channel: ChannelRef, date: string): SQL | undefined {
  const { days } = programmeTables[channel.kind];
  return and(eq(days.channel, channel.slug), eq(days.day, date));
}
