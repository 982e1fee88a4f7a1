// What the live channels read and the operators write: a day's schedule with each item's media.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { ticker } from '../db/schema/index.ts';

export type { LiveChannelName } from '@efir/contract';
import type { ChannelRef } from '@efir/contract';
import { airingDraft } from '../schedule/airing-draft.ts';
import { dayOf, programmeTables } from '../schedule/programme-tables.ts';

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
  /** The stored day's last save; none for a draft the studio lays out before saving it. */
  saved?: ScheduleSaved;
  /** Every item in play order, ads and draft 2 included: the order of the withads lists. */
  items: LiveScheduleItem[];
}

/** A day's revision (its saves counted), who saved it last and the request that did. */
export interface ScheduleSaved {
  revision: number;
  by: string | null;
  request: string | null;
}

export async function liveScheduleDay(db: Db, channel: ChannelRef, day: string): Promise<LiveScheduleDay | undefined> {
  const tables = programmeTables[channel.kind];
  const { days, items: itemTable, media } = tables;
  const row = (
    await db
      .select({
        id: days.id,
        day: days.day,
        startsAt: days.startsAt,
        finishedText: days.finishedText,
        revision: days.revision,
        savedBy: days.savedBy,
        savedRequest: days.savedRequest,
      })
      .from(days)
      .where(dayOf(channel, day))
  )[0];
  if (row === undefined) return undefined;
  const { revision, savedBy, savedRequest, ...heading } = row;
  const items = await db
    .select({
      id: itemTable.id,
      mediaId: media.id,
      startsAt: itemTable.startsAt,
      isAd: itemTable.isAd,
      mediaDraft: media.draft,
      itemDraft: tables.itemDraft,
      durationSeconds: media.durationSeconds,
      playlist: tables.playlist,
      mediaReadyAt: media.mediaReadyAt,
    })
    .from(itemTable)
    .innerJoin(media, eq(media.id, tables.itemMedia))
    .where(eq(tables.itemDay, row.id))
    .orderBy(asc(itemTable.position), asc(itemTable.id));
  return {
    ...heading,
    saved: { revision, by: savedBy, request: savedRequest },
    items: items.map(({ mediaDraft, itemDraft, ...item }) => ({
      ...item,
      draft: airingDraft(channel.kind, mediaDraft, itemDraft),
    })),
  };
}

/** The date of a day by its id, if the channel has it. */
export async function liveDayDate(db: Db, channel: ChannelRef, id: number): Promise<string | undefined> {
  const { days } = programmeTables[channel.kind];
  return (
    await db
      .select({ day: days.day })
      .from(days)
      .where(and(eq(days.id, id), eq(days.channel, channel.slug)))
  )[0]?.day;
}

/** The revision of a channel's day by its id, if the channel has it. */
export async function dayRevision(db: Db, channel: ChannelRef, id: number): Promise<number | undefined> {
  const { days } = programmeTables[channel.kind];
  const rows = await db
    .select({ revision: days.revision })
    .from(days)
    .where(and(eq(days.id, id), eq(days.channel, channel.slug)));
  return rows[0]?.revision;
}

/** The days on which a video (tv) or radio was scheduled, not as draft 2, up to and including `until`. */
export async function scheduledDays(db: Db, channel: ChannelRef, mediaId: number, until: string): Promise<string[]> {
  const { days, items, itemDay, itemMedia } = programmeTables[channel.kind];
  const rows = await db
    .selectDistinct({ day: days.day })
    .from(items)
    .innerJoin(days, eq(days.id, itemDay))
    .where(and(eq(itemMedia, mediaId), eq(days.channel, channel.slug), sql`${days.day} <= ${until}`))
    .orderBy(asc(days.day));
  return rows.map((row) => row.day);
}

/** Publishes (draft 1 → 0) a video (tv) or radio (radio) that has aired; a draft 2 stays as it is. */
export async function publishAired(db: Db, channel: ChannelRef, mediaId: number): Promise<void> {
  const table = programmeTables[channel.kind].media;
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
export async function daySaved(db: Db, channel: ChannelRef, day: string): Promise<DaySaved | undefined> {
  const table = programmeTables[channel.kind].days;
  return (
    await db
      .select({ revision: table.revision, savedBy: table.savedBy, savedAt: table.savedAt })
      .from(table)
      .where(dayOf(channel, day))
  )[0];
}

export interface ScheduleSaveBy {
  /** Who saves: a studio login, 'token' or 'cli'. */
  by: string;
  /** The request that saves, when one does. */
  request?: string;
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
  channel: ChannelRef,
  day: string,
  input: ScheduleDayInput,
  save: ScheduleSaveBy = { by: 'token' },
): Promise<number | undefined> {
  const tables = programmeTables[channel.kind];
  return db.transaction(async (tx) => {
    const { days: table, media: mediaTable } = tables;
    const wanted = [...new Set(input.items.map((item) => item.mediaId))];
    const found =
      wanted.length === 0
        ? []
        : await tx.select({ id: mediaTable.id }).from(mediaTable).where(inArray(mediaTable.id, wanted));
    if (found.length !== wanted.length) return undefined;
    const heading = {
      startsAt: input.startsAt,
      finishedText: input.finishedText,
      savedBy: save.by,
      savedAt: new Date(),
      savedRequest: save.request ?? null,
    };
    // The check and the write are one statement, so two saves over one revision cannot both pass.
    const rows =
      save.revision === undefined
        ? await tx
            .insert(table)
            .values({ channel: channel.slug, day, ...heading })
            .onConflictDoUpdate({
              target: [table.channel, table.day],
              set: { ...heading, revision: sql`${table.revision} + 1` },
            })
            .returning({ id: table.id })
        : save.revision === 0
          ? await tx
              .insert(table)
              .values({ channel: channel.slug, day, ...heading })
              .onConflictDoNothing({ target: [table.channel, table.day] })
              .returning({ id: table.id })
          : await tx
              .update(table)
              .set({ ...heading, revision: sql`${table.revision} + 1` })
              .where(and(dayOf(channel, day), eq(table.revision, save.revision)))
              .returning({ id: table.id });
    const id = rows[0]?.id;
    if (id === undefined) throw new ScheduleConflict(await daySaved(tx, channel, day));
    await tx.delete(tables.items).where(eq(tables.itemDay, id));
    if (input.items.length > 0) await tables.insertItems(tx, id, input.items);
    if (tables.hasTickers && input.tickers !== undefined) {
      await tx.delete(ticker).where(eq(ticker.teleprogramId, id));
      if (input.tickers.length > 0) {
        await tx.insert(ticker).values(input.tickers.map((entry) => ({ ...entry, teleprogramId: id })));
      }
    }
    return id;
  });
}

/** Deletes a channel's day (its items and tickers with it); false when there was none. */
export async function deleteScheduleDay(db: Db, channel: ChannelRef, day: string): Promise<boolean> {
  const table = programmeTables[channel.kind].days;
  const rows = await db.delete(table).where(dayOf(channel, day)).returning({ id: table.id });
  return rows.length > 0;
}
