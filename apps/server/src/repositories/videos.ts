import { pageSize, type PagedQuery } from '@efir/contract';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Ranked } from '../catalogue/listing.ts';
import type { Db } from '../db/database.ts';
import { homeRow, video, videoCategory } from '../db/schema/index.ts';
import { videoColumns } from './columns.ts';
import { type PageOrder, pageOrderOf, preparedOnce } from './prepared.ts';
import { searchLatinOf } from '../search/latin-words.ts';
import { type Visitor, claimCountedAction } from './visitor-actions.ts';
import { type VideoRow } from './wire.ts';

const published = eq(video.draft, 0);
const viewPeriodSeconds = 24 * 60 * 60;

export async function listVideoCategories(db: Db) {
  return db.select().from(videoCategory).orderBy(asc(videoCategory.position), asc(videoCategory.id));
}

function preparedPage(db: Db, order: PageOrder, byCategory: boolean) {
  const where = byCategory ? and(published, eq(video.categoryId, sql.placeholder('category'))) : published;
  const orderBy =
    order === 'views'
      ? [desc(video.views), desc(video.id)]
      : order === 'added'
        ? [desc(video.addedAt), desc(video.id)]
        : [asc(videoCategory.position), asc(video.categoryId), desc(video.addedAt), desc(video.id)];
  const counted = db.select({ value: count() }).from(video).where(where);
  // The count rides along with the page: one round trip to the database, not two.
  return db
    .select({ row: videoColumns, total: sql<number>`(${counted})`.mapWith(Number) })
    .from(video)
    .innerJoin(videoCategory, eq(videoCategory.id, video.categoryId))
    .where(where)
    .orderBy(...orderBy)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`video_page_${order}_${byCategory ? 'category' : 'all'}`);
}

/**
 * One page of published videos. Order: popular (views), new (date added), or the editors' order
 * (category order, then newest first).
 */
export async function videoCataloguePage(db: Db, query: PagedQuery): Promise<{ count: number; rows: VideoRow[] }> {
  const category = query.category_id === '' ? undefined : query.category_id;
  const order = pageOrderOf(query);
  const byCategory = category !== undefined;
  const page = preparedOnce(db, `video-page:${order}:${String(byCategory)}`, () => preparedPage(db, order, byCategory));
  const found = await page.execute({ category, limit: pageSize, offset: (query.page - 1) * pageSize });
  const first = found[0];
  if (first !== undefined) return { count: first.total, rows: found.map((entry) => entry.row) };
  const where = category === undefined ? published : and(published, eq(video.categoryId, category));
  return { count: (await db.select({ value: count() }).from(video).where(where))[0]?.value ?? 0, rows: [] };
}

/** Every published video with its place in each order of the catalogue, ranked as its pages are
 * ordered, and its search texts; 'too many' when there are more than `limit`. */
export async function publishedVideoListing(db: Db, limit: number): Promise<Ranked<VideoRow>[] | 'too many'> {
  const counted = await db.select({ value: count() }).from(video).where(published);
  if ((counted[0]?.value ?? 0) > limit) return 'too many';
  const listing = preparedOnce(db, 'video-listing', () =>
    db
      .select({
        row: videoColumns,
        russianText: sql<string>`${video.searchVector}::text`,
        latinText: sql<string>`${video.latinVector}::text`,
        byViews: sql<number>`row_number() over (order by ${video.views} desc, ${video.id} desc)`.mapWith(Number),
        byAdded: sql<number>`row_number() over (order by ${video.addedAt} desc, ${video.id} desc)`.mapWith(Number),
        byEditors:
          sql<number>`row_number() over (order by ${videoCategory.position}, ${video.categoryId}, ${video.addedAt} desc, ${video.id} desc)`.mapWith(
            Number,
          ),
      })
      .from(video)
      .innerJoin(videoCategory, eq(videoCategory.id, video.categoryId))
      .where(published)
      .prepare('video_listing'),
  );
  return (await listing.execute()).map(({ row, russianText, latinText, byViews, byAdded, byEditors }) => ({
    item: row,
    categoryId: row.categoryId,
    rank: { views: byViews, added: byAdded, editors: byEditors },
    text: { russian: russianText, latin: latinText },
  }));
}

export async function findVideo(db: Db, id: number): Promise<VideoRow | undefined> {
  const rows = await db.select(videoColumns).from(video).where(eq(video.id, id));
  return rows[0];
}

/** The video, counting a view when this visitor has not viewed it in the last 24 hours and the address cap allows. */
export async function viewVideo(
  db: Db,
  id: number,
  visitor: Visitor,
  addressCap: number,
  now: Date,
): Promise<VideoRow | undefined> {
  return db.transaction(async (tx) => {
    const found = await findVideo(tx, id);
    if (found === undefined || found.draft !== 0) return found;
    if ((await claimCountedAction(tx, 'video-view', id, visitor, viewPeriodSeconds, addressCap, now)) !== 'counted')
      return found;
    const rows = await tx
      .update(video)
      .set({ views: sql`${video.views} + 1` })
      .where(eq(video.id, id))
      .returning(videoColumns);
    return rows[0];
  });
}

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

export async function videoCategoryExists(db: Db, id: number): Promise<boolean> {
  return (await db.select({ id: videoCategory.id }).from(videoCategory).where(eq(videoCategory.id, id))).length > 0;
}

/** Where a video's media are, once made. */
export interface VideoMedia {
  masterPlaylist: string;
  renditions: { height: number; link: string }[];
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
export async function setVideoMedia(db: Db, id: number, media: VideoMedia, durationSeconds?: number): Promise<boolean> {
  const rows = await db
    .update(video)
    .set({ ...media, ...(durationSeconds === undefined ? {} : { durationSeconds }), mediaReadyAt: new Date() })
    .where(eq(video.id, id))
    .returning({ id: video.id });
  return rows.length > 0;
}
