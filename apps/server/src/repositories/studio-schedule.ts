// What the schedule editor reads: a day as it was written (each item's own marks, not what the
// channel makes of them), its tickers, and the catalogue items a day names.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { ticker } from '../db/schema/index.ts';
import { dayOf, programmeTables } from '../schedule/programme-tables.ts';
import type { ChannelKind, ChannelRef } from '@efir/contract';

export interface EditorDay {
  id: number;
  revision: number;
  savedBy: string | null;
  savedAt: Date | null;
  startsAt: string;
  finishedText: string;
  items: { mediaId: number; startsAt: string | null; isAd: boolean; draft: number }[];
  tickers: { videoId: number | null; message: string; startsAt: string; duration: number; speed: number }[];
}

/** A channel's day as written, or undefined when the channel has no such day. */
export async function editorScheduleDay(db: Db, channel: ChannelRef, date: string): Promise<EditorDay | undefined> {
  const tables = programmeTables[channel.kind];
  const { days, items: itemTable } = tables;
  const row = (
    await db
      .select({
        id: days.id,
        revision: days.revision,
        savedBy: days.savedBy,
        savedAt: days.savedAt,
        startsAt: days.startsAt,
        finishedText: days.finishedText,
      })
      .from(days)
      .where(dayOf(channel, date))
  )[0];
  if (row === undefined) return undefined;
  const [items, tickers] = await Promise.all([
    db
      .select({
        mediaId: tables.itemMedia,
        startsAt: itemTable.startsAt,
        isAd: itemTable.isAd,
        draft: tables.itemDraft,
      })
      .from(itemTable)
      .where(eq(tables.itemDay, row.id))
      .orderBy(asc(itemTable.position), asc(itemTable.id)),
    tables.hasTickers
      ? db
          .select({
            videoId: ticker.videoId,
            message: ticker.message,
            startsAt: ticker.startsAt,
            duration: ticker.durationSeconds,
            speed: ticker.speed,
          })
          .from(ticker)
          .where(eq(ticker.teleprogramId, row.id))
          .orderBy(asc(ticker.startsAt), asc(ticker.id))
      : [],
  ]);
  return { ...row, items, tickers };
}

/** What the audit log keeps of a channel's day: null when there is none. */
export async function scheduleSnapshot(db: Db, channel: ChannelRef, date: string): Promise<object | null> {
  const day = await editorScheduleDay(db, channel, date);
  if (day === undefined) return null;
  return {
    date,
    revision: day.revision,
    startsAt: day.startsAt,
    finishedText: day.finishedText,
    items: day.items.map((item) => ({ id: item.mediaId, startsAt: item.startsAt, isAd: item.isAd, draft: item.draft })),
    ...(programmeTables[channel.kind].hasTickers ? { tickers: day.tickers } : {}),
  };
}

export interface ScheduleMediaRow {
  id: number;
  name: string;
  durationSeconds: number;
  draft: number;
  /** The media's playlist URL, empty until ready. */
  playlist: string;
  mediaReadyAt: Date | null;
  preview: string;
  subtitles: string[];
}

/** The videos (video kind) or radios (audio) of `ids`, by id; ids that name nothing are left out. */
export async function scheduleMediaRows(
  db: Db,
  kind: ChannelKind,
  ids: readonly number[],
): Promise<Map<number, ScheduleMediaRow>> {
  if (ids.length === 0) return new Map();
  const unique = [...new Set(ids)];
  const { media, playlist, preview, subtitles } = programmeTables[kind];
  const rows = await db
    .select({
      id: media.id,
      name: media.name,
      durationSeconds: media.durationSeconds,
      draft: media.draft,
      playlist,
      mediaReadyAt: media.mediaReadyAt,
      preview,
      subtitles,
    })
    .from(media)
    .where(inArray(media.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}
