// What the schedule editor reads: a day as it was written (each item's own marks, not what the
// channel makes of them), its tickers, and the catalogue items a day names.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import {
  radio,
  radioprogram,
  radioprogramItem,
  teleprogram,
  teleprogramItem,
  ticker,
  video,
} from '../db/schema/index.ts';
import type { LiveChannelName } from './live.ts';

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
export async function editorScheduleDay(
  db: Db,
  channel: LiveChannelName,
  date: string,
): Promise<EditorDay | undefined> {
  if (channel === 'tv') {
    const row = (await db.select().from(teleprogram).where(eq(teleprogram.day, date)))[0];
    if (row === undefined) return undefined;
    const [items, tickers] = await Promise.all([
      db
        .select({
          mediaId: teleprogramItem.videoId,
          startsAt: teleprogramItem.startsAt,
          isAd: teleprogramItem.isAd,
        })
        .from(teleprogramItem)
        .where(eq(teleprogramItem.teleprogramId, row.id))
        .orderBy(asc(teleprogramItem.position), asc(teleprogramItem.id)),
      db
        .select({
          videoId: ticker.videoId,
          message: ticker.message,
          startsAt: ticker.startsAt,
          duration: ticker.durationSeconds,
          speed: ticker.speed,
        })
        .from(ticker)
        .where(eq(ticker.teleprogramId, row.id))
        .orderBy(asc(ticker.startsAt), asc(ticker.id)),
    ]);
    return { ...row, items: items.map((item) => ({ ...item, draft: 0 })), tickers };
  }
  const row = (await db.select().from(radioprogram).where(eq(radioprogram.day, date)))[0];
  if (row === undefined) return undefined;
  const items = await db
    .select({
      mediaId: radioprogramItem.radioId,
      startsAt: radioprogramItem.startsAt,
      isAd: radioprogramItem.isAd,
      draft: radioprogramItem.draft,
    })
    .from(radioprogramItem)
    .where(eq(radioprogramItem.radioprogramId, row.id))
    .orderBy(asc(radioprogramItem.position), asc(radioprogramItem.id));
  return { ...row, items, tickers: [] };
}

/** What the audit log keeps of a channel's day: null when there is none. */
export async function scheduleSnapshot(db: Db, channel: LiveChannelName, date: string): Promise<object | null> {
  const day = await editorScheduleDay(db, channel, date);
  if (day === undefined) return null;
  return {
    revision: day.revision,
    startsAt: day.startsAt,
    finishedText: day.finishedText,
    items: day.items.map((item) => ({ id: item.mediaId, startsAt: item.startsAt, isAd: item.isAd, draft: item.draft })),
    ...(channel === 'tv' ? { tickers: day.tickers } : {}),
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
}

/** The videos (tv) or radios (radio) of `ids`, by id; ids that name nothing are left out. */
export async function scheduleMediaRows(
  db: Db,
  channel: LiveChannelName,
  ids: readonly number[],
): Promise<Map<number, ScheduleMediaRow>> {
  if (ids.length === 0) return new Map();
  const unique = [...new Set(ids)];
  const rows =
    channel === 'tv'
      ? await db
          .select({
            id: video.id,
            name: video.name,
            durationSeconds: video.durationSeconds,
            draft: video.draft,
            playlist: video.masterPlaylist,
            mediaReadyAt: video.mediaReadyAt,
            preview: video.previewCatalog,
          })
          .from(video)
          .where(inArray(video.id, unique))
      : await db
          .select({
            id: radio.id,
            name: radio.name,
            durationSeconds: radio.durationSeconds,
            draft: radio.draft,
            playlist: radio.audioPlaylist,
            mediaReadyAt: radio.mediaReadyAt,
            preview: radio.preview,
          })
          .from(radio)
          .where(inArray(radio.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}
