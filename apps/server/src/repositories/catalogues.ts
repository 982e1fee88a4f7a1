// The video and the radio catalogue read one way: their categories, their pages in the three
// orders, the listing search ranks, an item, and a counted use (a view, a play), written once over
// a description of each catalogue's tables. What only one of them has stays in videos.ts and
// radios.ts.
import { pageSize, type PagedQuery } from '@efir/contract';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Ranked } from '../catalogue/listing.ts';
import type { Db } from '../db/database.ts';
import { radio, radioCategory, video, videoCategory } from '../db/schema/index.ts';
import { radioColumns, videoColumns } from './columns.ts';
import { type PageOrder, pageOrderOf, preparedOnce } from './prepared.ts';
import { countActivity } from './audience.ts';
import { type Visitor, claimCountedAction } from './visitor-actions.ts';
import type { RadioRow, VideoRow } from './wire.ts';

/** A catalogue's row as the answers use it, by catalogue. */
export interface CatalogueRows {
  video: VideoRow;
  radio: RadioRow;
}
export type CatalogueName = keyof CatalogueRows;

/** How often one visitor's use of an item counts. */
const usePeriodSeconds = 24 * 60 * 60;

const catalogues = {
  video: {
    items: video,
    categories: videoCategory,
    columns: videoColumns,
    /** What a use adds to: a video's views. */
    uses: video.views,
    usesKey: 'views',
    use: 'video-view',
  },
  radio: {
    items: radio,
    categories: radioCategory,
    columns: radioColumns,
    /** A radio's plays. */
    uses: radio.plays,
    usesKey: 'plays',
    use: 'radio-play',
  },
} as const;

const publishedIn = (name: CatalogueName) => eq(catalogues[name].items.draft, 0);

export async function listCategories(db: Db, name: CatalogueName) {
  const { categories } = catalogues[name];
  return db.select().from(categories).orderBy(asc(categories.position), asc(categories.id));
}

export async function categoryExists(db: Db, name: CatalogueName, id: number): Promise<boolean> {
  const { categories } = catalogues[name];
  return (await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id))).length > 0;
}

function preparedPage(db: Db, name: CatalogueName, order: PageOrder, byCategory: boolean) {
  const { items, categories, columns, uses } = catalogues[name];
  const published = publishedIn(name);
  const where = byCategory ? and(published, eq(items.categoryId, sql.placeholder('category'))) : published;
  const orderBy =
    order === 'views'
      ? [desc(uses), desc(items.id)]
      : order === 'added'
        ? [desc(items.addedAt), desc(items.id)]
        : [asc(categories.position), asc(items.categoryId), desc(items.addedAt), desc(items.id)];
  const counted = db.select({ value: count() }).from(items).where(where);
  // The count rides along with the page: one round trip to the database, not two.
  return db
    .select({ row: columns, total: sql<number>`(${counted})`.mapWith(Number) })
    .from(items)
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .where(where)
    .orderBy(...orderBy)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`${name}_page_${order}_${byCategory ? 'category' : 'all'}`);
}

/**
 * One page of a catalogue's published items. Order: popular (views, plays), new (date added), or
 * the editors' order (category order, then newest first).
 */
export async function cataloguePage<N extends CatalogueName>(
  db: Db,
  name: N,
  query: PagedQuery,
): Promise<{ count: number; rows: CatalogueRows[N][] }> {
  const category = query.category_id === '' ? undefined : query.category_id;
  const order = pageOrderOf(query);
  const byCategory = category !== undefined;
  const page = preparedOnce(db, `${name}-page:${order}:${String(byCategory)}`, () =>
    preparedPage(db, name, order, byCategory),
  );
  const found = await page.execute({ category, limit: pageSize, offset: (query.page - 1) * pageSize });
  const first = found[0];
  if (first !== undefined) return { count: first.total, rows: found.map((entry) => entry.row as CatalogueRows[N]) };
  const { items } = catalogues[name];
  const published = publishedIn(name);
  const where = category === undefined ? published : and(published, eq(items.categoryId, category));
  return { count: (await db.select({ value: count() }).from(items).where(where))[0]?.value ?? 0, rows: [] };
}

/** Every published item with its place in each order of the catalogue, ranked as its pages are
 * ordered, and its search texts; 'too many' when there are more than `limit`. */
export async function publishedListing<N extends CatalogueName>(
  db: Db,
  name: N,
  limit: number,
): Promise<Ranked<CatalogueRows[N]>[] | 'too many'> {
  const { items, categories, columns, uses } = catalogues[name];
  const published = publishedIn(name);
  const counted = await db.select({ value: count() }).from(items).where(published);
  if ((counted[0]?.value ?? 0) > limit) return 'too many';
  const listing = preparedOnce(db, `${name}-listing`, () =>
    db
      .select({
        row: columns,
        russianText: sql<string>`${items.searchVector}::text`,
        latinText: sql<string>`${items.latinVector}::text`,
        byViews: sql<number>`row_number() over (order by ${uses} desc, ${items.id} desc)`.mapWith(Number),
        byAdded: sql<number>`row_number() over (order by ${items.addedAt} desc, ${items.id} desc)`.mapWith(Number),
        byEditors:
          sql<number>`row_number() over (order by ${categories.position}, ${items.categoryId}, ${items.addedAt} desc, ${items.id} desc)`.mapWith(
            Number,
          ),
      })
      .from(items)
      .innerJoin(categories, eq(categories.id, items.categoryId))
      .where(published)
      .prepare(`${name}_listing`),
  );
  return (await listing.execute()).map(({ row, russianText, latinText, byViews, byAdded, byEditors }) => ({
    item: row as CatalogueRows[N],
    categoryId: row.categoryId,
    rank: { views: byViews, added: byAdded, editors: byEditors },
    text: { russian: russianText, latin: latinText },
  }));
}

export async function findItem<N extends CatalogueName>(
  db: Db,
  name: N,
  id: number,
): Promise<CatalogueRows[N] | undefined> {
  const { items, columns } = catalogues[name];
  const rows = await db.select(columns).from(items).where(eq(items.id, id));
  return rows[0] as CatalogueRows[N] | undefined;
}

/**
 * An item's length as its upload's probe found it, written while the item has no media yet: its
 * slot on the air is then its real length (slate until the media are made, then it joins in
 * progress), not the nothing a length of 0 would give it.
 */
export async function setProbedLength(db: Db, name: CatalogueName, id: number, seconds: number): Promise<void> {
  const { items } = catalogues[name];
  await db
    .update(items)
    .set({ durationSeconds: seconds })
    .where(and(eq(items.id, id), isNull(items.mediaReadyAt)));
}

/** The item, counting a use (a view, a play) when this visitor has not used it in the last 24
 * hours and the address cap allows. */
export async function useItem<N extends CatalogueName>(
  db: Db,
  name: N,
  id: number,
  visitor: Visitor,
  addressCap: number,
  now: Date,
): Promise<CatalogueRows[N] | undefined> {
  const { items, columns, uses, usesKey, use } = catalogues[name];
  return db.transaction(async (tx) => {
    const found = await findItem(tx, name, id);
    if (found === undefined || found.draft !== 0) return found;
    if ((await claimCountedAction(tx, use, id, visitor, usePeriodSeconds, addressCap, now)) !== 'counted') return found;
    await countActivity(tx, use === 'video-view' ? 'view' : 'play', now);
    const rows = await tx
      .update(items)
      .set({ [usesKey]: sql`${uses} + 1` })
      .where(eq(items.id, id))
      .returning(columns);
    return rows[0] as CatalogueRows[N] | undefined;
  });
}
