// What the live channels read and the operators write: a day's schedule with each item's media.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
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

export type { LiveChannelName } from '@efir/contract';
import type { LiveChannelName } from '@efir/contract';
import { airingDraft } from '../schedule/airing-draft.ts';

export interface LiveScheduleItem {
  /** The schedule item's id. */
  id: number;
  /** The video's or radio's id. */
  mediaId: number;
  /** HH:mm:ss, or null to follow the item before. */
  startsAt: string | null;
  isAd: boolean;
  /** 2: never airs. */
  draft: number;
  durationSeconds: number;
  /** The media's playlist URL (`/media/…`), empty when there are none. */
  playlist: string;
  mediaReadyAt: Date | null;
}

export interface LiveScheduleDay {
  id: number;
  /** YYYY-MM-DD */
  day: string;
  startsAt: string;
  finishedText: string;
  /** Every item in play order, ads and draft 2 included: the order of the withads lists. */
  items: LiveScheduleItem[];
}

export async function liveScheduleDay(
  db: Db,
  channel: LiveChannelName,
  day: string,
): Promise<LiveScheduleDay | undefined> {
  if (channel === 'tv') {
    const row = (await db.select().from(teleprogram).where(eq(teleprogram.day, day)))[0];
    if (row === undefined) return undefined;
    const items = await db
      .select({
        id: teleprogramItem.id,
        mediaId: video.id,
        startsAt: teleprogramItem.startsAt,
        isAd: teleprogramItem.isAd,
        mediaDraft: video.draft,
        durationSeconds: video.durationSeconds,
        playlist: video.masterPlaylist,
        mediaReadyAt: video.mediaReadyAt,
      })
      .from(teleprogramItem)
      .innerJoin(video, eq(video.id, teleprogramItem.videoId))
      .where(eq(teleprogramItem.teleprogramId, row.id))
      .orderBy(asc(teleprogramItem.position), asc(teleprogramItem.id));
    return {
      id: row.id,
      day: row.day,
      startsAt: row.startsAt,
      finishedText: row.finishedText,
      items: items.map(({ mediaDraft, ...item }) => ({ ...item, draft: airingDraft(channel, mediaDraft, 0) })),
    };
  }
  const row = (await db.select().from(radioprogram).where(eq(radioprogram.day, day)))[0];
  if (row === undefined) return undefined;
  const items = await db
    .select({
      id: radioprogramItem.id,
      mediaId: radio.id,
      startsAt: radioprogramItem.startsAt,
      isAd: radioprogramItem.isAd,
      mediaDraft: radio.draft,
      itemDraft: radioprogramItem.draft,
      durationSeconds: radio.durationSeconds,
      playlist: radio.audioPlaylist,
      mediaReadyAt: radio.mediaReadyAt,
    })
    .from(radioprogramItem)
    .innerJoin(radio, eq(radio.id, radioprogramItem.radioId))
    .where(eq(radioprogramItem.radioprogramId, row.id))
    .orderBy(asc(radioprogramItem.position), asc(radioprogramItem.id));
  return {
    id: row.id,
    day: row.day,
    startsAt: row.startsAt,
    finishedText: row.finishedText,
    items: items.map(({ mediaDraft, itemDraft, ...item }) => ({
      ...item,
      draft: airingDraft(channel, mediaDraft, itemDraft),
    })),
  };
}

/** The date of a day by its id, if the channel has it. */
export async function liveDayDate(db: Db, channel: LiveChannelName, id: number): Promise<string | undefined> {
  const table = channel === 'tv' ? teleprogram : radioprogram;
  return (await db.select({ day: table.day }).from(table).where(eq(table.id, id)))[0]?.day;
}

/** The days on which a video (tv) or radio was scheduled, not as draft 2, up to and including `until`. */
export async function scheduledDays(
  db: Db,
  channel: LiveChannelName,
  mediaId: number,
  until: string,
): Promise<string[]> {
  if (channel === 'tv') {
    const rows = await db
      .selectDistinct({ day: teleprogram.day })
      .from(teleprogramItem)
      .innerJoin(teleprogram, eq(teleprogram.id, teleprogramItem.teleprogramId))
      .where(and(eq(teleprogramItem.videoId, mediaId), sql`${teleprogram.day} <= ${until}`))
      .orderBy(asc(teleprogram.day));
    return rows.map((row) => row.day);
  }
  const rows = await db
    .selectDistinct({ day: radioprogram.day })
    .from(radioprogramItem)
    .innerJoin(radioprogram, eq(radioprogram.id, radioprogramItem.radioprogramId))
    .where(and(eq(radioprogramItem.radioId, mediaId), sql`${radioprogram.day} <= ${until}`))
    .orderBy(asc(radioprogram.day));
  return rows.map((row) => row.day);
}

/** Publishes (draft 1 → 0) a video (tv) or radio (radio) that has aired; a draft 2 stays as it is. */
export async function publishAired(db: Db, channel: LiveChannelName, mediaId: number): Promise<void> {
  const table = channel === 'tv' ? video : radio;
  await db
    .update(table)
    .set({ draft: 0 })
    .where(and(eq(table.id, mediaId), eq(table.draft, 1)));
}

/** A TV day's running-line messages, by start time. */
export async function dayTickers(db: Db, teleprogramId: number) {
  return db
    .select()
    .from(ticker)
    .where(eq(ticker.teleprogramId, teleprogramId))
    .orderBy(asc(ticker.startsAt), asc(ticker.id));
}

export interface ScheduleDayInput {
  startsAt: string;
  finishedText: string;
  items: { mediaId: number; startsAt: string | null; isAd: boolean; draft: number }[];
  /** TV only: the day's running-line messages; left as they are when undefined. */
  tickers?: { videoId: number | null; message: string; startsAt: string; durationSeconds: number; speed: number }[];
}

/** Who saved a day last, and which revision it is at. */
export interface DaySaved {
  revision: number;
  savedBy: string | null;
  savedAt: Date | null;
}

/** A save made over a revision other than the day's: nothing was written. */
export class ScheduleConflict extends Error {
  readonly current: DaySaved | undefined;
  constructor(current: DaySaved | undefined) {
    super('the day was saved by someone else since it was opened');
    this.current = current;
  }
}

/** The day's revision and last save, if the channel has the day. */
export async function daySaved(db: Db, channel: LiveChannelName, day: string): Promise<DaySaved | undefined> {
  const table = channel === 'tv' ? teleprogram : radioprogram;
  return (
    await db
      .select({ revision: table.revision, savedBy: table.savedBy, savedAt: table.savedAt })
      .from(table)
      .where(eq(table.day, day))
  )[0];
}

export interface ScheduleSaveBy {
  /** Who saves: a studio login, 'token' or 'cli'. */
  by: string;
  /** The revision the save was made over (0: the day did not exist); undefined writes over any. */
  revision?: number;
}

/**
 * Writes a channel's day: its start and finished text, and its items (and tickers) in place of
 * what it had, as one more revision. The day keeps its id, so its chat stays. Answers the day's
 * id, or undefined when an item names a video or radio that does not exist; throws
 * ScheduleConflict when `save.revision` is given and the day is at another.
 */
export async function replaceScheduleDay(
  db: Db,
  channel: LiveChannelName,
  day: string,
  input: ScheduleDayInput,
  save: ScheduleSaveBy = { by: 'token' },
): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const mediaTable = channel === 'tv' ? video : radio;
    const wanted = [...new Set(input.items.map((item) => item.mediaId))];
    const found =
      wanted.length === 0
        ? []
        : await tx.select({ id: mediaTable.id }).from(mediaTable).where(inArray(mediaTable.id, wanted));
    if (found.length !== wanted.length) return undefined;
    const table = channel === 'tv' ? teleprogram : radioprogram;
    const heading = {
      startsAt: input.startsAt,
      finishedText: input.finishedText,
      savedBy: save.by,
      savedAt: new Date(),
    };
    // The check and the write are one statement, so two saves over one revision cannot both pass.
    const rows =
      save.revision === undefined
        ? await tx
            .insert(table)
            .values({ day, ...heading })
            .onConflictDoUpdate({ target: table.day, set: { ...heading, revision: sql`${table.revision} + 1` } })
            .returning({ id: table.id })
        : save.revision === 0
          ? await tx
              .insert(table)
              .values({ day, ...heading })
              .onConflictDoNothing({ target: table.day })
              .returning({ id: table.id })
          : await tx
              .update(table)
              .set({ ...heading, revision: sql`${table.revision} + 1` })
              .where(and(eq(table.day, day), eq(table.revision, save.revision)))
              .returning({ id: table.id });
    const id = rows[0]?.id;
    if (id === undefined) throw new ScheduleConflict(await daySaved(tx, channel, day));
    if (channel === 'tv') {
      await tx.delete(teleprogramItem).where(eq(teleprogramItem.teleprogramId, id));
      if (input.items.length > 0) {
        await tx.insert(teleprogramItem).values(
          input.items.map((item, position) => ({
            teleprogramId: id,
            position,
            startsAt: item.startsAt,
            videoId: item.mediaId,
            isAd: item.isAd,
          })),
        );
      }
      if (input.tickers !== undefined) {
        await tx.delete(ticker).where(eq(ticker.teleprogramId, id));
        if (input.tickers.length > 0) {
          await tx.insert(ticker).values(input.tickers.map((entry) => ({ ...entry, teleprogramId: id })));
        }
      }
      return id;
    }
    await tx.delete(radioprogramItem).where(eq(radioprogramItem.radioprogramId, id));
    if (input.items.length > 0) {
      await tx.insert(radioprogramItem).values(
        input.items.map((item, position) => ({
          radioprogramId: id,
          position,
          startsAt: item.startsAt,
          radioId: item.mediaId,
          isAd: item.isAd,
          draft: item.draft,
        })),
      );
    }
    return id;
  });
}

/** Deletes a channel's day (its items and tickers with it); false when there was none. */
export async function deleteScheduleDay(db: Db, channel: LiveChannelName, day: string): Promise<boolean> {
  const table = channel === 'tv' ? teleprogram : radioprogram;
  const rows = await db.delete(table).where(eq(table.day, day)).returning({ id: table.id });
  return rows.length > 0;
}
