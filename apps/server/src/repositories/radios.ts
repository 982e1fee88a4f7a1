import { pageSize, type PagedQuery } from '@efir/contract';
import { and, asc, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Ranked } from '../catalogue/listing.ts';
import type { Db } from '../db/database.ts';
import { popularPick, radio, radioCategory, radioListing } from '../db/schema/index.ts';
import { radioColumns } from './columns.ts';
import { type PageOrder, pageOrderOf, preparedOnce } from './prepared.ts';
import { searchLatinOf } from '../search/latin-words.ts';
import { type Visitor, claimCountedAction } from './visitor-actions.ts';
import type { RadioRow } from './wire.ts';

const published = eq(radio.draft, 0);
const playPeriodSeconds = 24 * 60 * 60;

export async function listRadioCategories(db: Db) {
  return db.select().from(radioCategory).orderBy(asc(radioCategory.position), asc(radioCategory.id));
}

function preparedPage(db: Db, order: PageOrder, byCategory: boolean) {
  const where = byCategory ? and(published, eq(radio.categoryId, sql.placeholder('category'))) : published;
  const orderBy =
    order === 'views'
      ? [desc(radio.plays), desc(radio.id)]
      : order === 'added'
        ? [desc(radio.addedAt), desc(radio.id)]
        : [asc(radioCategory.position), asc(radio.categoryId), desc(radio.addedAt), desc(radio.id)];
  const counted = db.select({ value: count() }).from(radio).where(where);
  // The count rides along with the page: one round trip to the database, not two.
  return db
    .select({ row: radioColumns, total: sql<number>`(${counted})`.mapWith(Number) })
    .from(radio)
    .innerJoin(radioCategory, eq(radioCategory.id, radio.categoryId))
    .where(where)
    .orderBy(...orderBy)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`radio_page_${order}_${byCategory ? 'category' : 'all'}`);
}

/** One page of published radios, ordered as the video catalogue is. */
export async function radioCataloguePage(db: Db, query: PagedQuery): Promise<{ count: number; rows: RadioRow[] }> {
  const category = query.category_id === '' ? undefined : query.category_id;
  const order = pageOrderOf(query);
  const byCategory = category !== undefined;
  const page = preparedOnce(db, `radio-page:${order}:${String(byCategory)}`, () => preparedPage(db, order, byCategory));
  const found = await page.execute({ category, limit: pageSize, offset: (query.page - 1) * pageSize });
  const first = found[0];
  if (first !== undefined) return { count: first.total, rows: found.map((entry) => entry.row) };
  const where = category === undefined ? published : and(published, eq(radio.categoryId, category));
  return { count: (await db.select({ value: count() }).from(radio).where(where))[0]?.value ?? 0, rows: [] };
}

/** Every published radio with its place in each order of the catalogue, ranked as its pages are
 * ordered, and its search texts; 'too many' when there are more than `limit`. */
export async function publishedRadioListing(db: Db, limit: number): Promise<Ranked<RadioRow>[] | 'too many'> {
  const counted = await db.select({ value: count() }).from(radio).where(published);
  if ((counted[0]?.value ?? 0) > limit) return 'too many';
  const listing = preparedOnce(db, 'radio-listing', () =>
    db
      .select({
        row: radioColumns,
        russianText: sql<string>`${radio.searchVector}::text`,
        latinText: sql<string>`${radio.latinVector}::text`,
        byViews: sql<number>`row_number() over (order by ${radio.plays} desc, ${radio.id} desc)`.mapWith(Number),
        byAdded: sql<number>`row_number() over (order by ${radio.addedAt} desc, ${radio.id} desc)`.mapWith(Number),
        byEditors:
          sql<number>`row_number() over (order by ${radioCategory.position}, ${radio.categoryId}, ${radio.addedAt} desc, ${radio.id} desc)`.mapWith(
            Number,
          ),
      })
      .from(radio)
      .innerJoin(radioCategory, eq(radioCategory.id, radio.categoryId))
      .where(published)
      .prepare('radio_listing'),
  );
  return (await listing.execute()).map(({ row, russianText, latinText, byViews, byAdded, byEditors }) => ({
    item: row,
    categoryId: row.categoryId,
    rank: { views: byViews, added: byAdded, editors: byEditors },
    text: { russian: russianText, latin: latinText },
  }));
}

export async function findRadio(db: Db, id: number): Promise<RadioRow | undefined> {
  const rows = await db.select(radioColumns).from(radio).where(eq(radio.id, id));
  return rows[0];
}

export async function findRadios(db: Db, ids: number[]): Promise<Map<number, RadioRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select(radioColumns).from(radio).where(inArray(radio.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The radio, counting a play when this visitor has not played it in the last 24 hours and the address cap allows. */
export async function playRadio(
  db: Db,
  id: number,
  visitor: Visitor,
  addressCap: number,
  now: Date,
): Promise<RadioRow | undefined> {
  return db.transaction(async (tx) => {
    const found = await findRadio(tx, id);
    if (found === undefined || found.draft !== 0) return found;
    if ((await claimCountedAction(tx, 'radio-play', id, visitor, playPeriodSeconds, addressCap, now)) !== 'counted')
      return found;
    const rows = await tx
      .update(radio)
      .set({ plays: sql`${radio.plays} + 1` })
      .where(eq(radio.id, id))
      .returning(radioColumns);
    return rows[0];
  });
}

/** A popular list of the radio page: the editors' picks of a kind (1 programmes, 2 songs) that
 * are published and of that kind, in their order, then the most played others. */
export async function popularRadios(db: Db, kind: 1 | 2, limit = 12): Promise<RadioRow[]> {
  const picked = await db
    .select(radioColumns)
    .from(popularPick)
    .innerJoin(radio, eq(radio.id, popularPick.radioId))
    .where(and(eq(popularPick.kind, kind), published, eq(radio.kind, kind)))
    .orderBy(asc(popularPick.position))
    .limit(limit);
  const rest = await db
    .select(radioColumns)
    .from(radio)
    .where(
      and(
        published,
        eq(radio.kind, kind),
        picked.length === 0
          ? undefined
          : notInArray(
              radio.id,
              picked.map((row) => row.id),
            ),
      ),
    )
    .orderBy(desc(radio.plays), desc(radio.id))
    .limit(limit - picked.length);
  return [...picked, ...rest];
}

/** The radio catalogue's listing groups with their published radios, in the editors' order. */
export async function radioListingGroups(db: Db) {
  const groups = await db.select().from(radioListing).orderBy(asc(radioListing.position), asc(radioListing.id));
  const radios = await findRadios(db, [...new Set(groups.flatMap((group) => group.radioIds))]);
  return groups.map((group) => ({
    id: group.id,
    name: group.name,
    radios: group.radioIds.flatMap((id) => {
      const row = radios.get(id);
      return row !== undefined && row.draft === 0 ? [row] : [];
    }),
  }));
}

export async function radioCategoryExists(db: Db, id: number): Promise<boolean> {
  return (await db.select({ id: radioCategory.id }).from(radioCategory).where(eq(radioCategory.id, id))).length > 0;
}

/** Adds a radio whose audio is ready; answers its id. */
export async function addRadio(
  db: Db,
  fields: {
    name: string;
    author: string;
    durationSeconds: number;
    draft: number;
    kind: 1 | 2;
    categoryId: number;
    audioPlaylist: string;
    audioFile: string;
    preview: string;
  },
): Promise<number> {
  const rows = await db
    .insert(radio)
    .values({ ...fields, mediaReadyAt: new Date(), searchLatin: searchLatinOf(fields.name, fields.author) })
    .returning({ id: radio.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('the insert returned no row');
  return id;
}

/** Gives a catalogue radio its audio, made after it was written, with what came with it (its
 * length, its file to save, its cover) when given. */
export async function setRadioAudio(
  db: Db,
  id: number,
  audioPlaylist: string,
  made: { durationSeconds?: number; audioFile?: string; preview?: string } = {},
): Promise<boolean> {
  const rows = await db
    .update(radio)
    .set({
      audioPlaylist,
      ...(made.durationSeconds === undefined ? {} : { durationSeconds: made.durationSeconds }),
      ...(made.audioFile === undefined ? {} : { audioFile: made.audioFile }),
      ...(made.preview === undefined ? {} : { preview: made.preview }),
      mediaReadyAt: new Date(),
    })
    .where(eq(radio.id, id))
    .returning({ id: radio.id });
  return rows.length > 0;
}
