// What the IPTV guide reads besides the live channels: which days a channel has, and the words and
// pictures of the videos and radios its programmes air.
import type { ChannelKind, ChannelRef } from '@efir/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { radio, radioCategory, video, videoCategory } from '../db/schema/index.ts';
import { programmeTables } from '../schedule/programme-tables.ts';

/** Every day the channel has a schedule for (YYYY-MM-DD), in order. */
export async function scheduleDays(db: Db, channel: ChannelRef): Promise<string[]> {
  const table = programmeTables[channel.kind].days;
  const rows = await db
    .select({ day: table.day })
    .from(table)
    .where(eq(table.channel, channel.slug))
    .orderBy(asc(table.day));
  return rows.map((row) => row.day);
}

/** A programme's words and picture, from its video or radio. */
export interface GuideMedia {
  name: string;
  /** A video's description (else its plot); empty for a radio. */
  description: string;
  category: string;
  /** A URL path under /media/, or empty. */
  preview: string;
  /** A video's age rating (99: none); 99 for a radio. */
  ageRating: number;
  /** A radio's author; empty for a video. */
  author: string;
}

export async function guideMedia(db: Db, kind: ChannelKind, ids: readonly number[]): Promise<Map<number, GuideMedia>> {
  if (ids.length === 0) return new Map();
  const unique = [...new Set(ids)];
  if (kind === 'video') {
    const rows = await db
      .select({
        id: video.id,
        name: video.name,
        description: video.description,
        plot: video.plot,
        category: videoCategory.name,
        preview: video.preview,
        ageRating: video.ageRating,
      })
      .from(video)
      .innerJoin(videoCategory, eq(videoCategory.id, video.categoryId))
      .where(inArray(video.id, unique));
    return new Map(
      rows.map(({ id, plot, ...row }) => [
        id,
        { ...row, description: row.description === '' ? plot : row.description, author: '' },
      ]),
    );
  }
  const rows = await db
    .select({
      id: radio.id,
      name: radio.name,
      category: radioCategory.name,
      preview: radio.preview,
      author: radio.author,
    })
    .from(radio)
    .innerJoin(radioCategory, eq(radioCategory.id, radio.categoryId))
    .where(inArray(radio.id, unique));
  return new Map(rows.map(({ id, ...row }) => [id, { ...row, description: '', ageRating: 99 }]));
}
