// What only the video catalogue has: related videos, the home page's rows, and writing a video's
// media. What it shares with the radio's is in catalogues.ts.
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { homeRow, video } from '../db/schema/index.ts';
import { videoColumns } from './columns.ts';
import { searchLatinOf } from '../search/latin-words.ts';
import { type VideoRow } from './wire.ts';

const published = eq(video.draft, 0);

/** Published videos of the same category, most viewed first. */
export async function relatedVideos(db: Db, of: VideoRow, limit = 15): Promise<VideoRow[]> {
  return db
    .select(videoColumns)
    .from(video)
    .where(and(published, eq(video.categoryId, of.categoryId), ne(video.id, of.id)))
    .orderBy(desc(video.views), desc(video.id))
    .limit(limit);
}

/**
 * The home page's catalogue rows, in the editors' order: a category's row holds its newest
 * published videos, a row of picks the picked ones that are published, in the picked order.
 * Rows with nothing to show are left out.
 */
export async function mainList(db: Db, perRow = 12) {
  const rows = await db.select().from(homeRow).orderBy(asc(homeRow.position), asc(homeRow.id));
  const ranked = await db.execute<{ id: number }>(sql`
    SELECT id FROM (
      SELECT id, row_number() OVER (PARTITION BY category_id ORDER BY added_at DESC, id DESC) AS n
      FROM video WHERE draft = 0
        AND category_id IN (SELECT category_id FROM home_row WHERE category_id IS NOT NULL)
    ) ranked WHERE n <= ${perRow}`);
  const ids = [...new Set([...ranked.rows.map((row) => row.id), ...rows.flatMap((row) => row.videoIds)])];
  const videos =
    ids.length === 0
      ? []
      : await db
          .select(videoColumns)
          .from(video)
          .where(and(published, sql`${video.id} IN (${sql.join(ids, sql`, `)})`))
          .orderBy(desc(video.addedAt), desc(video.id));
  const byId = new Map(videos.map((row) => [row.id, row]));
  return rows
    .map((row) => ({
      row,
      videos:
        row.categoryId === null
          ? row.videoIds.flatMap((id) => byId.get(id) ?? []).slice(0, perRow)
          : videos.filter((entry) => entry.categoryId === row.categoryId),
    }))
    .filter((entry) => entry.videos.length > 0);
}

/** Where a video's media are, once made. */
export interface VideoMedia {
  masterPlaylist: string;
  renditions: { height: number; link: string }[];
  /** The languages of its subtitle renditions. */
  subtitles: string[];
  preview: string;
  previewCatalog: string;
}

/** Adds a video whose media are ready; answers its id. */
export async function addVideo(
  db: Db,
  fields: { name: string; description: string; durationSeconds: number; draft: number; categoryId: number },
  media: VideoMedia,
): Promise<number> {
  const rows = await db
    .insert(video)
    .values({
      ...fields,
      ...media,
      mediaReadyAt: new Date(),
      searchLatin: searchLatinOf(fields.name, fields.description),
    })
    .returning({ id: video.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('the insert returned no row');
  return id;
}

/** Gives a catalogue video its media, made after it was written (and their length, when given);
 * false when there is no such video. */
/**
 * Moves a video to another media folder made from the one it plays (other subtitles), its length
 * and its readiness as they are; only while it still plays `was`: false when another change came
 * first (new media, other subtitles) or the video is gone.
 */
export async function moveVideoMedia(db: Db, id: number, was: string, media: VideoMedia): Promise<boolean> {
  const rows = await db
    .update(video)
    .set(media)
    .where(and(eq(video.id, id), eq(video.masterPlaylist, was)))
    .returning({ id: video.id });
  return rows.length > 0;
}

export async function setVideoMedia(db: Db, id: number, media: VideoMedia, durationSeconds?: number): Promise<boolean> {
  const rows = await db
    .update(video)
    .set({ ...media, ...(durationSeconds === undefined ? {} : { durationSeconds }), mediaReadyAt: new Date() })
    .where(eq(video.id, id))
    .returning({ id: video.id });
  return rows.length > 0;
}
