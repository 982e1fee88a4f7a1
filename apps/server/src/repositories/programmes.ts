// The main TV's (teleprogram) and radio's (radioprogram) schedules as the spec's calls answer
// them: days and their items. Days of added channels are never among them.
import { type LiveChannelName, mainChannels } from '@efir/contract';
import { and, asc, between, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { radio, radioprogram, radioprogramItem, teleprogram, teleprogramItem, video } from '../db/schema/index.ts';
import { radioColumns, videoColumns } from './columns.ts';

export type ProgrammeDayRow = typeof teleprogram.$inferSelect;

/** Each main channel's days table and slug. */
const mainDays = {
  tv: { table: teleprogram, slug: mainChannels.tv.slug },
  radio: { table: radioprogram, slug: mainChannels.radio.slug },
};

/** A main channel's days, oldest first, within `range` when given. */
export async function programmeDays(
  db: Db,
  channel: LiveChannelName,
  range?: { from: string; to: string },
): Promise<ProgrammeDayRow[]> {
  const { table, slug } = mainDays[channel];
  return db
    .select()
    .from(table)
    .where(and(eq(table.channel, slug), range === undefined ? undefined : between(table.day, range.from, range.to)))
    .orderBy(asc(table.day));
}

export async function findProgrammeDay(
  db: Db,
  channel: LiveChannelName,
  id: number,
): Promise<ProgrammeDayRow | undefined> {
  const { table, slug } = mainDays[channel];
  return (
    await db
      .select()
      .from(table)
      .where(and(eq(table.id, id), eq(table.channel, slug)))
  )[0];
}

/** A day's TV items in play order, ads included only when asked for. */
export async function teleprogramItems(db: Db, teleprogramId: number, withAds: boolean) {
  return db
    .select({ item: teleprogramItem, video: videoColumns })
    .from(teleprogramItem)
    .innerJoin(video, eq(video.id, teleprogramItem.videoId))
    .where(and(eq(teleprogramItem.teleprogramId, teleprogramId), withAds ? undefined : eq(teleprogramItem.isAd, false)))
    .orderBy(asc(teleprogramItem.position), asc(teleprogramItem.id));
}

/** A day's radio items in play order, ads included only when asked for. */
export async function radioprogramItems(db: Db, radioprogramId: number, withAds: boolean) {
  return db
    .select({ item: radioprogramItem, radio: radioColumns })
    .from(radioprogramItem)
    .innerJoin(radio, eq(radio.id, radioprogramItem.radioId))
    .where(
      and(eq(radioprogramItem.radioprogramId, radioprogramId), withAds ? undefined : eq(radioprogramItem.isAd, false)),
    )
    .orderBy(asc(radioprogramItem.position), asc(radioprogramItem.id));
}
