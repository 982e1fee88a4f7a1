// The main TV's (teleprogram) and radio's (radioprogram) schedules as the spec's calls answer
// them: days and their items. Days of added channels are never among them.
import { mainChannels } from '@efir/contract';
import { and, asc, between, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { radio, radioprogram, radioprogramItem, teleprogram, teleprogramItem, video } from '../db/schema/index.ts';
import { radioColumns, videoColumns } from './columns.ts';

export type TeleprogramRow = typeof teleprogram.$inferSelect;
export type RadioprogramRow = typeof radioprogram.$inferSelect;

export async function teleprogramDays(db: Db, range?: { from: string; to: string }): Promise<TeleprogramRow[]> {
  return db
    .select()
    .from(teleprogram)
    .where(
      and(
        eq(teleprogram.channel, mainChannels.tv.slug),
        range === undefined ? undefined : between(teleprogram.day, range.from, range.to),
      ),
    )
    .orderBy(asc(teleprogram.day));
}

export async function findTeleprogram(db: Db, id: number): Promise<TeleprogramRow | undefined> {
  return (
    await db
      .select()
      .from(teleprogram)
      .where(and(eq(teleprogram.id, id), eq(teleprogram.channel, mainChannels.tv.slug)))
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

export async function radioprogramDays(db: Db, range?: { from: string; to: string }): Promise<RadioprogramRow[]> {
  return db
    .select()
    .from(radioprogram)
    .where(
      and(
        eq(radioprogram.channel, mainChannels.radio.slug),
        range === undefined ? undefined : between(radioprogram.day, range.from, range.to),
      ),
    )
    .orderBy(asc(radioprogram.day));
}

export async function findRadioprogram(db: Db, id: number): Promise<RadioprogramRow | undefined> {
  return (
    await db
      .select()
      .from(radioprogram)
      .where(and(eq(radioprogram.id, id), eq(radioprogram.channel, mainChannels.radio.slug)))
  )[0];
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
