// The catalogue as the studio edits it: every video and radio, drafts and items without media
// included, with the newest ingest job of each; adding, changing and removing them, and the
// schedule days that still name an item.
import { kindOfCatalogue, type MediaState } from '@efir/contract';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { ingestJob, radio, ticker, video } from '../db/schema/index.ts';
import { programmeTables } from '../schedule/programme-tables.ts';
import { searchLatinOf } from '../search/latin-words.ts';
import { insertedRow, updatedRow } from './written-rows.ts';

export type StudioVideoRow = typeof video.$inferSelect;
export type StudioRadioRow = typeof radio.$inferSelect;
export type IngestJobRow = typeof ingestJob.$inferSelect;
export type CatalogueKind = 'video' | 'radio';

/** The ingest kinds that make media for an item of a kind. */
const jobKinds: Readonly<Record<CatalogueKind, readonly string[]>> = {
  video: ['video', 'video-media', 'video-subtitles', 'demo-video'],
  radio: ['radio', 'radio-media', 'demo-radio'],
};

/** The newest job of each of `ids` (kind `kind`), by item id. */
export async function latestJobs(
  db: Db,
  kind: CatalogueKind,
  ids: readonly number[],
): Promise<Map<number, IngestJobRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([ingestJob.itemId])
    .from(ingestJob)
    .where(and(inArray(ingestJob.kind, [...jobKinds[kind]]), inArray(ingestJob.itemId, [...ids])))
    .orderBy(ingestJob.itemId, desc(ingestJob.id));
  return new Map(rows.flatMap((row) => (row.itemId === null ? [] : [[row.itemId, row] as const])));
}

/** Where an item's media are: its media link set, else what its newest job says. */
export function mediaStateOf(link: string, job: IngestJobRow | undefined): MediaState {
  if (link !== '') return 'ready';
  if (job?.state === 'queued' || job?.state === 'running') return 'preparing';
  if (job?.state === 'failed') return 'failed';
  return 'none';
}

export interface ListFilter {
  page: number;
  size: number;
  q?: string | undefined;
  category?: number | undefined;
  draft?: number | undefined;
  media?: MediaState | undefined;
  kind?: number | undefined;
  sort: 'added' | 'name' | 'views' | 'plays' | 'duration';
  order: 'asc' | 'desc';
}

/** `text` with LIKE's wildcards taken literally. */
function likeText(text: string): string {
  return `%${text.replace(/[\\%_]/gu, (c) => `\\${c}`)}%`;
}

/** One page of a catalogue table, every item: what the studio's lists show. */
async function cataloguePage(
  db: Db,
  kind: CatalogueKind,
  filter: ListFilter,
): Promise<{ count: number; ids: number[] }> {
  const table = kind === 'video' ? sql.raw('video') : sql.raw('radio');
  const link = kind === 'video' ? sql.raw('t.master_playlist') : sql.raw('t.audio_playlist');
  const counter = kind === 'video' ? sql.raw('t.views') : sql.raw('t.plays');
  const conditions: SQL[] = [sql`TRUE`];
  const q = filter.q?.trim() ?? '';
  if (q !== '') {
    conditions.push(sql`(t.name ILIKE ${likeText(q)} OR t.search_latin ILIKE ${likeText(searchLatinOf(q))})`);
  }
  if (filter.category !== undefined) conditions.push(sql`t.category_id = ${filter.category}`);
  if (filter.draft !== undefined) conditions.push(sql`t.draft = ${filter.draft}`);
  if (filter.kind !== undefined && kind === 'radio') conditions.push(sql`t.kind = ${filter.kind}`);
  const state = sql`CASE WHEN ${link} <> '' THEN 'ready'
    WHEN j.state IN ('queued', 'running') THEN 'preparing'
    WHEN j.state = 'failed' THEN 'failed' ELSE 'none' END`;
  if (filter.media !== undefined) conditions.push(sql`${state} = ${filter.media}`);
  const sortColumn = {
    added: sql.raw('t.added_at'),
    name: sql.raw('lower(t.name)'),
    views: counter,
    plays: counter,
    duration: sql.raw('t.duration_seconds'),
  }[filter.sort];
  const direction = filter.order === 'asc' ? sql.raw('ASC') : sql.raw('DESC');
  const result = await db.execute<{ id: number; total: string }>(sql`
    WITH latest AS (
      SELECT DISTINCT ON (item_id) item_id, state FROM ingest_job
      WHERE kind IN (${sql.join(
        jobKinds[kind].map((name) => sql`${name}`),
        sql`, `,
      )}) AND item_id IS NOT NULL
      ORDER BY item_id, id DESC
    )
    SELECT t.id, count(*) OVER () AS total FROM ${table} t LEFT JOIN latest j ON j.item_id = t.id
    WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY ${sortColumn} ${direction}, t.id ${direction}
    LIMIT ${filter.size} OFFSET ${(filter.page - 1) * filter.size}`);
  return { count: Number(result.rows[0]?.total ?? 0), ids: result.rows.map((row) => row.id) };
}

/** A catalogue's row as the studio edits it, by catalogue. */
export interface StudioRows {
  video: StudioVideoRow;
  radio: StudioRadioRow;
}

/** A catalogue's rows of `ids`, in no order. */
const rowsOf: { [K in CatalogueKind]: (db: Db, ids: number[]) => Promise<StudioRows[K][]> } = {
  video: (db, ids) => db.select().from(video).where(inArray(video.id, ids)),
  radio: (db, ids) => db.select().from(radio).where(inArray(radio.id, ids)),
};

/** A page of a catalogue's list in the studio: its rows in the filter's order, and how many match. */
export async function studioItemPage<K extends CatalogueKind>(
  db: Db,
  kind: K,
  filter: ListFilter,
): Promise<{ count: number; rows: StudioRows[K][] }> {
  const { count, ids } = await cataloguePage(db, kind, filter);
  const rows: StudioRows[K][] = ids.length === 0 ? [] : await rowsOf[kind](db, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { count, rows: ids.flatMap((id) => byId.get(id) ?? []) };
}

export async function findStudioItem<K extends CatalogueKind>(
  db: Db,
  kind: K,
  id: number,
): Promise<StudioRows[K] | undefined> {
  const rows: StudioRows[K][] = await rowsOf[kind](db, [id]);
  return rows[0];
}

export interface VideoEdit {
  name?: string;
  description?: string;
  plot?: string;
  categoryId?: number;
  ageRating?: number;
  draft?: number;
  externalEmbed?: string;
  preview?: string;
  previewCatalog?: string;
}

/** Adds a video without media (its upload makes them, or it plays in an external frame). */
export async function addStudioVideo(
  db: Db,
  fields: Required<Omit<VideoEdit, 'preview' | 'previewCatalog'>>,
): Promise<StudioVideoRow> {
  const rows = await db
    .insert(video)
    .values({ ...fields, searchLatin: searchLatinOf(fields.name, fields.description) })
    .returning();
  return insertedRow(rows);
}

export async function updateStudioVideo(db: Db, before: StudioVideoRow, edit: VideoEdit): Promise<StudioVideoRow> {
  const name = edit.name ?? before.name;
  const description = edit.description ?? before.description;
  const rows = await db
    .update(video)
    .set({ ...edit, searchLatin: searchLatinOf(name, description) })
    .where(eq(video.id, before.id))
    .returning();
  return updatedRow(rows, 'video');
}

export interface RadioEdit {
  name?: string;
  author?: string;
  categoryId?: number;
  draft?: number;
  kind?: number;
  preview?: string;
}

export async function addStudioRadio(db: Db, fields: Required<Omit<RadioEdit, 'preview'>>): Promise<StudioRadioRow> {
  const rows = await db
    .insert(radio)
    .values({ ...fields, searchLatin: searchLatinOf(fields.name, fields.author) })
    .returning();
  return insertedRow(rows);
}

export async function updateStudioRadio(db: Db, before: StudioRadioRow, edit: RadioEdit): Promise<StudioRadioRow> {
  const rows = await db
    .update(radio)
    .set({ ...edit, searchLatin: searchLatinOf(edit.name ?? before.name, edit.author ?? before.author) })
    .where(eq(radio.id, before.id))
    .returning();
  return updatedRow(rows, 'radio');
}

/** The schedule days that name an item (as an item of the day, or a ticker's video), oldest first. */
export async function scheduleDaysUsing(db: Db, kind: CatalogueKind, id: number): Promise<string[]> {
  const { days, items, itemDay, itemMedia, hasTickers } = programmeTables[kindOfCatalogue[kind]];
  const named = await db
    .selectDistinct({ day: days.day })
    .from(items)
    .innerJoin(days, eq(days.id, itemDay))
    .where(eq(itemMedia, id));
  const inTickers = hasTickers
    ? await db
        .selectDistinct({ day: days.day })
        .from(ticker)
        .innerJoin(days, eq(days.id, ticker.teleprogramId))
        .where(eq(ticker.videoId, id))
    : [];
  return [...new Set([...named, ...inTickers].map((row) => row.day))].sort();
}

/**
 * Removes an item and every mention of it outside the schedules (slides, home rows, listings,
 * popular picks); the caller has made sure no schedule names it.
 */
export async function removeCatalogueItem(db: Db, kind: CatalogueKind, id: number): Promise<void> {
  /** `column` (a JSON array of ids) without `id`. */
  const without = (column: SQL): SQL =>
    sql`(SELECT coalesce(jsonb_agg(e), '[]'::jsonb) FROM jsonb_array_elements(${column}) e WHERE e <> to_jsonb(${id}::int))`;
  const naming = (column: SQL): SQL => sql`${column} @> ${JSON.stringify([id])}::jsonb`;
  if (kind === 'video') {
    await db.execute(
      sql`UPDATE home_row SET video_ids = ${without(sql.raw('video_ids'))} WHERE ${naming(sql.raw('video_ids'))}`,
    );
    await db.delete(video).where(eq(video.id, id));
    return;
  }
  await db.execute(sql`UPDATE slide SET radio_id = NULL WHERE radio_id = ${id}`);
  await db.execute(
    sql`UPDATE radio_listing SET radio_ids = ${without(sql.raw('radio_ids'))} WHERE ${naming(sql.raw('radio_ids'))}`,
  );
  await db.delete(radio).where(eq(radio.id, id));
}
