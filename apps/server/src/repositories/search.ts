// Search over names and descriptions: Russian morphology (full text, ё = е), typo tolerance and
// Latin-script queries (trigrams over a Latin-script copy of the text).
import { toLatin } from '@efir/contract';
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { searchPick, searchQuery } from '../db/schema/index.ts';
import type { RadioRow, VideoRow } from './wire.ts';

const resultLimit = 30;
const recentDays = 30;

/** The Latin-script, lower-case copy of a text that trigram search compares. */
export function searchLatinOf(...texts: string[]): string {
  return toLatin(texts.join(' ')).toLowerCase();
}

function ranked(table: 'video' | 'radio', query: string) {
  const latin = searchLatinOf(query);
  const popularity = table === 'video' ? sql.raw('t.views') : sql.raw('t.plays');
  const columns = sql.raw(
    table === 'video'
      ? 't.id, t.name, t.description, t.plot, t.duration_seconds, t.age_rating, t.draft, t.category_id, t.master_playlist, t.renditions, t.external_embed, t.preview, t.preview_catalog, t.views, t.added_at'
      : 't.id, t.name, t.author, t.duration_seconds, t.draft, t.kind, t.category_id, t.audio_playlist, t.audio_file, t.preview, t.plays, t.added_at',
  );
  return sql`
    WITH q AS (
      SELECT websearch_to_tsquery('russian'::regconfig, translate(${query}, 'ёЁ', 'еЕ')) AS ts,
             ${latin}::text AS latin
    )
    SELECT ${columns}
    FROM ${sql.raw(table)} t, q
    WHERE t.draft = 0
      AND (t.search_vector @@ q.ts OR q.latin <% t.search_latin)
    ORDER BY ts_rank(t.search_vector, q.ts) * 4 + word_similarity(q.latin, t.search_latin) DESC,
      ${popularity} DESC, t.id DESC
    LIMIT ${resultLimit}`;
}

async function run<T>(db: Db, query: ReturnType<typeof ranked>): Promise<T[]> {
  const result = await db.execute(query);
  return result.rows as T[];
}

interface RawVideo {
  id: number;
  name: string;
  description: string;
  plot: string;
  duration_seconds: number;
  age_rating: number;
  draft: number;
  category_id: number;
  master_playlist: string;
  renditions: VideoRow['renditions'];
  external_embed: string;
  preview: string;
  preview_catalog: string;
  views: number;
  added_at: string | Date;
}

interface RawRadio {
  id: number;
  name: string;
  author: string;
  duration_seconds: number;
  draft: number;
  kind: number;
  category_id: number;
  audio_playlist: string;
  audio_file: string;
  preview: string;
  plays: number;
  added_at: string | Date;
}

const toDate = (value: string | Date): Date => (value instanceof Date ? value : new Date(value));

export async function searchVideos(db: Db, query: string): Promise<VideoRow[]> {
  const rows = await run<RawVideo>(db, ranked('video', query));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    plot: row.plot,
    durationSeconds: row.duration_seconds,
    ageRating: row.age_rating,
    draft: row.draft,
    categoryId: row.category_id,
    masterPlaylist: row.master_playlist,
    renditions: row.renditions,
    externalEmbed: row.external_embed,
    preview: row.preview,
    previewCatalog: row.preview_catalog,
    views: row.views,
    addedAt: toDate(row.added_at),
  }));
}

export async function searchRadios(db: Db, query: string): Promise<RadioRow[]> {
  const rows = await run<RawRadio>(db, ranked('radio', query));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    author: row.author,
    durationSeconds: row.duration_seconds,
    draft: row.draft,
    kind: row.kind,
    categoryId: row.category_id,
    audioPlaylist: row.audio_playlist,
    audioFile: row.audio_file,
    preview: row.preview,
    plays: row.plays,
    addedAt: toDate(row.added_at),
  }));
}

/** Remembers searches that found something, for the recommended searches. */
export async function recordSearches(db: Db, searches: { query: string; visitor: string }[]): Promise<void> {
  if (searches.length === 0) return;
  await db.insert(searchQuery).values(searches.map(({ query, visitor }) => ({ query: query.toLowerCase(), visitor })));
}

/**
 * The searches most visitors made in the last 30 days that found something (at least two
 * visitors each), topped up with the editors' picks.
 */
export async function recommendedSearches(db: Db, limit = 8): Promise<string[]> {
  const popular = await db.execute<{ query: string }>(sql`
    SELECT query FROM search_query
    WHERE at > now() - make_interval(days => ${recentDays})
    GROUP BY query HAVING count(DISTINCT visitor) >= 2
    ORDER BY count(DISTINCT visitor) DESC, max(at) DESC
    LIMIT ${limit}`);
  const picks = await db.select().from(searchPick).orderBy(asc(searchPick.position), asc(searchPick.id));
  const out = popular.rows.map((row) => row.query);
  for (const pick of picks) {
    if (out.length >= limit) break;
    if (!out.includes(pick.query.toLowerCase())) out.push(pick.query);
  }
  return out;
}

/** Forgets searches older than the recommendation window. */
export async function pruneSearches(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM search_query WHERE at < now() - make_interval(days => ${recentDays})`);
}
