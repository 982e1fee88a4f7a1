// Where each channel's schedule is stored, said once: its days table (teleprogram, radioprogram),
// its items table, the catalogue its items name and what differs between them. The schedule's
// reads and writes are written once over this description, not once per channel.
import type { LiveChannelName } from '@efir/contract';
import { type SQL, sql } from 'drizzle-orm';
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
  /** Whether an item carries a draft mark of its own (the radio's), or airs with its medium's. */
  itemsHaveDraft: boolean;
  /** The item's own draft mark: 0 where items have none. */
  itemDraft: typeof radioprogramItem.draft | SQL<number>;
  /** Whether the days carry running-line messages (the TV's tickers). */
  hasTickers: boolean;
  /** Writes a day's items in play order. */
  insertItems: (db: Db, dayId: number, items: readonly WrittenItem[]) => Promise<unknown>;
}

/** The channel whose schedule names a catalogue's items. */
export const channelOfCatalogue = { video: 'tv', radio: 'radio' } as const satisfies Record<string, LiveChannelName>;

export const programmeTables: Record<LiveChannelName, ProgrammeTables> = {
  tv: {
    days: teleprogram,
    items: teleprogramItem,
    itemDay: teleprogramItem.teleprogramId,
    itemMedia: teleprogramItem.videoId,
    media: video,
    playlist: video.masterPlaylist,
    preview: video.previewCatalog,
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
  radio: {
    days: radioprogram,
    items: radioprogramItem,
    itemDay: radioprogramItem.radioprogramId,
    itemMedia: radioprogramItem.radioId,
    media: radio,
    playlist: radio.audioPlaylist,
    preview: radio.preview,
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
