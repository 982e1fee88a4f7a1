// What editors arrange on the public site, as the studio edits it: categories and their order,
// slides, polls, the about page, recommended searches, radio listing groups, home rows and the
// popular picks of the radio page.
import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.ts';
import {
  about,
  homeRow,
  poll,
  popularPick,
  radio,
  radioCategory,
  radioListing,
  searchPick,
  slide,
  video,
  videoCategory,
} from '../db/schema/index.ts';
import { insertedRow } from './written-rows.ts';

type Positioned = PgTable & { id: PgColumn; position: PgColumn };

/** The next position at the end of a list (within `where`, when given). */
async function endOf(db: Db, table: Positioned, where?: ReturnType<typeof eq>): Promise<number> {
  const rows = await db
    .select({ last: max(table.position) })
    .from(table)
    .where(where);
  const last = rows[0]?.last;
  return typeof last === 'number' ? last + 1 : 0;
}

/**
 * Puts a list in the order of `ids`, which must name every row of it (within `where`) once;
 * false when they do not.
 */
async function reorder(
  db: Db,
  table: Positioned,
  ids: readonly number[],
  where?: ReturnType<typeof eq>,
): Promise<boolean> {
  const rows = (await db.select({ id: table.id }).from(table).where(where)) as { id: number }[];
  const present = new Set(rows.map((row) => row.id));
  if (ids.length !== present.size || new Set(ids).size !== ids.length || !ids.every((id) => present.has(id))) {
    return false;
  }
  for (const [position, id] of ids.entries()) {
    await db.update(table).set({ position }).where(eq(table.id, id));
  }
  return true;
}

// Categories.

export type CategoryKind = 'video' | 'radio';
const categoryTable = { video: videoCategory, radio: radioCategory } as const;

/** The categories of a kind, in order, with how many items each holds. */
export async function studioCategories(db: Db, kind: CategoryKind) {
  const table = categoryTable[kind];
  const items = kind === 'video' ? video : radio;
  return db
    .select({ id: table.id, name: table.name, position: table.position, items: count(items.id) })
    .from(table)
    .leftJoin(items, eq(items.categoryId, table.id))
    .groupBy(table.id)
    .orderBy(asc(table.position), asc(table.id));
}

export async function findCategory(db: Db, kind: CategoryKind, id: number) {
  return (await studioCategories(db, kind)).find((row) => row.id === id);
}

export async function addCategory(db: Db, kind: CategoryKind, name: string): Promise<number> {
  const table = categoryTable[kind];
  const rows = await db
    .insert(table)
    .values({ name, position: await endOf(db, table) })
    .returning({ id: table.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('the insert returned no row');
  return id;
}

export async function renameCategory(db: Db, kind: CategoryKind, id: number, name: string): Promise<void> {
  const table = categoryTable[kind];
  await db.update(table).set({ name }).where(eq(table.id, id));
}

/** Removes an empty category (and its home row); false when it still holds items. */
export async function removeCategory(db: Db, kind: CategoryKind, id: number): Promise<boolean> {
  const found = await findCategory(db, kind, id);
  if (found === undefined || found.items > 0) return false;
  const table = categoryTable[kind];
  await db.delete(table).where(eq(table.id, id));
  return true;
}

export function orderCategories(db: Db, kind: CategoryKind, ids: readonly number[]): Promise<boolean> {
  return reorder(db, categoryTable[kind], ids);
}

// Slides.

export type SlideRow = typeof slide.$inferSelect;
export type SlideshowName = 'main' | 'radios' | 'catalog';

export async function studioSlides(db: Db, show: SlideshowName): Promise<SlideRow[]> {
  return db.select().from(slide).where(eq(slide.slideshow, show)).orderBy(asc(slide.position), asc(slide.id));
}

export async function findSlide(db: Db, id: number): Promise<SlideRow | undefined> {
  return (await db.select().from(slide).where(eq(slide.id, id)))[0];
}

export interface SlideEdit {
  name?: string;
  link?: string;
  tags?: { name: string; color: 0 | 1 }[];
  radioId?: number | null;
  preview?: string;
}

export async function addSlide(db: Db, show: SlideshowName, fields: SlideEdit & { name: string }): Promise<SlideRow> {
  const rows = await db
    .insert(slide)
    .values({ ...fields, slideshow: show, position: await endOf(db, slide, eq(slide.slideshow, show)) })
    .returning();
  return insertedRow(rows);
}

export async function updateSlide(db: Db, id: number, edit: SlideEdit): Promise<SlideRow | undefined> {
  // An edit that names nothing changes nothing (an UPDATE needs a column to set).
  if (Object.values(edit).every((value) => value === undefined)) return findSlide(db, id);
  return (await db.update(slide).set(edit).where(eq(slide.id, id)).returning())[0];
}

export async function removeSlide(db: Db, id: number): Promise<void> {
  await db.delete(slide).where(eq(slide.id, id));
}

export function orderSlides(db: Db, show: SlideshowName, ids: readonly number[]): Promise<boolean> {
  return reorder(db, slide, ids, eq(slide.slideshow, show));
}

export async function radioExists(db: Db, id: number): Promise<boolean> {
  return (await db.select({ id: radio.id }).from(radio).where(eq(radio.id, id))).length > 0;
}

// Polls.

export type PollRow = typeof poll.$inferSelect;

export async function studioPolls(db: Db): Promise<PollRow[]> {
  return db.select().from(poll).orderBy(asc(poll.position), asc(poll.id));
}

export async function findStudioPoll(db: Db, id: number): Promise<PollRow | undefined> {
  return (await db.select().from(poll).where(eq(poll.id, id)))[0];
}

export interface PollEdit {
  question: string;
  variants: string[];
  active: boolean;
}

function pollValues(edit: PollEdit) {
  const [variant1 = '', variant2 = '', variant3 = '', variant4 = ''] = edit.variants;
  return { question: edit.question, active: edit.active, variant1, variant2, variant3, variant4 };
}

export async function addPoll(db: Db, edit: PollEdit): Promise<PollRow> {
  const rows = await db
    .insert(poll)
    .values({ ...pollValues(edit), position: await endOf(db, poll) })
    .returning();
  return insertedRow(rows);
}

/** Changes a poll's texts and whether it is open; a variant whose text is cleared loses its votes. */
export async function updatePoll(db: Db, id: number, edit: PollEdit): Promise<PollRow | undefined> {
  const values = pollValues(edit);
  return (
    await db
      .update(poll)
      .set({
        ...values,
        votes1: values.variant1 === '' ? 0 : sql`${poll.votes1}`,
        votes2: values.variant2 === '' ? 0 : sql`${poll.votes2}`,
        votes3: values.variant3 === '' ? 0 : sql`${poll.votes3}`,
        votes4: values.variant4 === '' ? 0 : sql`${poll.votes4}`,
      })
      .where(eq(poll.id, id))
      .returning()
  )[0];
}

export async function removePoll(db: Db, id: number): Promise<void> {
  await db.delete(poll).where(eq(poll.id, id));
}

export function orderPolls(db: Db, ids: readonly number[]): Promise<boolean> {
  return reorder(db, poll, ids);
}

// The about page: one row.

export type AboutRow = typeof about.$inferSelect;

export async function aboutRow(db: Db): Promise<AboutRow | undefined> {
  return (await db.select().from(about).orderBy(asc(about.id)).limit(1))[0];
}

export async function writeAbout(
  db: Db,
  fields: { titles: string[]; texts: string[] } | { poster: string },
): Promise<AboutRow> {
  const values =
    'poster' in fields
      ? { poster: fields.poster }
      : {
          title0: fields.titles[0] ?? '',
          title1: fields.titles[1] ?? '',
          title2: fields.titles[2] ?? '',
          title3: fields.titles[3] ?? '',
          title4: fields.titles[4] ?? '',
          title5: fields.titles[5] ?? '',
          text0: fields.texts[0] ?? '',
          text1: fields.texts[1] ?? '',
          text2: fields.texts[2] ?? '',
          text3: fields.texts[3] ?? '',
          text4: fields.texts[4] ?? '',
        };
  const current = await aboutRow(db);
  const rows =
    current === undefined
      ? await db
          .insert(about)
          .values({
            title0: '',
            text0: '',
            title1: '',
            text1: '',
            title2: '',
            text2: '',
            title3: '',
            text3: '',
            title4: '',
            text4: '',
            title5: '',
            ...values,
          })
          .returning()
      : await db.update(about).set(values).where(eq(about.id, current.id)).returning();
  const row = rows[0];
  if (row === undefined) throw new Error('the about page was not written');
  return row;
}

// Recommended searches: the editors' picks.

export async function searchPickQueries(db: Db): Promise<string[]> {
  return (await db.select().from(searchPick).orderBy(asc(searchPick.position), asc(searchPick.id))).map(
    (row) => row.query,
  );
}

export async function writeSearchPicks(db: Db, queries: readonly string[]): Promise<void> {
  await db.delete(searchPick);
  if (queries.length > 0) await db.insert(searchPick).values(queries.map((query, position) => ({ query, position })));
}

// Radio listing groups.

export type RadioListingRow = typeof radioListing.$inferSelect;

export async function studioRadioListings(db: Db): Promise<RadioListingRow[]> {
  return db.select().from(radioListing).orderBy(asc(radioListing.position), asc(radioListing.id));
}

export async function findRadioListing(db: Db, id: number): Promise<RadioListingRow | undefined> {
  return (await db.select().from(radioListing).where(eq(radioListing.id, id)))[0];
}

export async function addRadioListing(db: Db, fields: { name: string; radioIds: number[] }): Promise<RadioListingRow> {
  const rows = await db
    .insert(radioListing)
    .values({ ...fields, position: await endOf(db, radioListing) })
    .returning();
  return insertedRow(rows);
}

export async function updateRadioListing(
  db: Db,
  id: number,
  fields: { name: string; radioIds: number[] },
): Promise<RadioListingRow | undefined> {
  return (await db.update(radioListing).set(fields).where(eq(radioListing.id, id)).returning())[0];
}

export async function removeRadioListing(db: Db, id: number): Promise<void> {
  await db.delete(radioListing).where(eq(radioListing.id, id));
}

export function orderRadioListings(db: Db, ids: readonly number[]): Promise<boolean> {
  return reorder(db, radioListing, ids);
}

// Home rows.

export type HomeRowRow = typeof homeRow.$inferSelect;

export async function studioHomeRows(db: Db): Promise<HomeRowRow[]> {
  return db.select().from(homeRow).orderBy(asc(homeRow.position), asc(homeRow.id));
}

export async function findHomeRow(db: Db, id: number): Promise<HomeRowRow | undefined> {
  return (await db.select().from(homeRow).where(eq(homeRow.id, id)))[0];
}

export interface HomeRowEdit {
  name: string;
  categoryId: number | null;
  videoIds: number[];
}

export async function addHomeRow(db: Db, fields: HomeRowEdit): Promise<HomeRowRow> {
  const rows = await db
    .insert(homeRow)
    .values({ ...fields, position: await endOf(db, homeRow) })
    .returning();
  return insertedRow(rows);
}

export async function updateHomeRow(db: Db, id: number, fields: HomeRowEdit): Promise<HomeRowRow | undefined> {
  return (await db.update(homeRow).set(fields).where(eq(homeRow.id, id)).returning())[0];
}

export async function removeHomeRow(db: Db, id: number): Promise<void> {
  await db.delete(homeRow).where(eq(homeRow.id, id));
}

export function orderHomeRows(db: Db, ids: readonly number[]): Promise<boolean> {
  return reorder(db, homeRow, ids);
}

// Popular picks: 1 programmes, 2 songs.

export async function popularPickIds(db: Db, kind: 1 | 2): Promise<number[]> {
  const rows = await db
    .select({ radioId: popularPick.radioId })
    .from(popularPick)
    .where(eq(popularPick.kind, kind))
    .orderBy(asc(popularPick.position));
  return rows.map((row) => row.radioId);
}

export async function writePopularPicks(db: Db, kind: 1 | 2, radioIds: readonly number[]): Promise<void> {
  await db.delete(popularPick).where(eq(popularPick.kind, kind));
  if (radioIds.length > 0) {
    await db.insert(popularPick).values(radioIds.map((radioId, position) => ({ kind, radioId, position })));
  }
}

// Names of items, for lists that name them.

/** The names of the videos or radios of `ids` that exist, by id. */
export async function itemNames(db: Db, kind: 'video' | 'radio', ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const table = kind === 'video' ? video : radio;
  const rows = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(inArray(table.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The radios of `ids` that are of `kind` (1 programmes, 2 songs). */
export async function radiosOfKind(db: Db, kind: 1 | 2, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: radio.id })
    .from(radio)
    .where(and(inArray(radio.id, [...new Set(ids)]), eq(radio.kind, kind)));
  return new Set(rows.map((row) => row.id));
}
