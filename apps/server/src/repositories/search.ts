// Search over names and descriptions: Russian morphology (full text, ё = е), typo tolerance and
// Latin-script queries (trigrams over a Latin-script copy of the text).
import { searchResultsMax } from '@efir/contract';
import { asc, count, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { searchPick, searchQuery, searchWord } from '../db/schema/index.ts';
import { latinQueryWords, spellingsPerWord } from '../search/latin-words.ts';
import type { RadioRow, VideoRow } from './wire.ts';

const recentDays = 30;

/**
 * Two halves, each answered by its own index, then ranked together: the Russian full text (word
 * forms, ё = е) and the Latin-script words, where each query word stands for the catalogue's words
 * it is close to by trigrams (a typo, a Latin spelling), every query word or some of them. Comparing
 * short words instead of each item's whole text keeps a common word from costing a pass over the
 * catalogue. The halves' matches are found apart and joined: as one condition, `a OR b` with the
 * Latin query known only at run time, PostgreSQL read the whole table (a 50,000-radio search took
 * 52-70 ms instead of 25).
 */
function ranked(table: 'video' | 'radio', query: string, words: 'every' | 'some') {
  const popularity = table === 'video' ? sql.raw('t.views') : sql.raw('t.plays');
  const columns = sql.raw(
    table === 'video'
      ? 't.id, t.name, t.description, t.plot, t.duration_seconds, t.age_rating, t.draft, t.category_id, t.master_playlist, t.renditions, t.subtitles, t.external_embed, t.preview, t.preview_catalog, t.views, t.added_at'
      : 't.id, t.name, t.author, t.duration_seconds, t.draft, t.kind, t.category_id, t.audio_playlist, t.audio_file, t.preview, t.plays, t.added_at',
  );
  const asked = latinQueryWords(query);
  return sql`
    WITH asked AS (
      SELECT unnest(ARRAY[${sql.join(
        asked.map((word) => sql`${word}`),
        sql`, `,
      )}]::text[]) AS word
    ),
    spellings AS (
      SELECT asked.word, string_agg(quote_literal(close.word), ' | ') AS alternatives
      FROM asked CROSS JOIN LATERAL (
        SELECT w.word FROM search_word w WHERE asked.word <% w.word
        ORDER BY word_similarity(asked.word, w.word) DESC, length(w.word), w.word
        LIMIT ${spellingsPerWord}
      ) close
      GROUP BY asked.word
    ),
    q AS (
      SELECT websearch_to_tsquery('russian'::regconfig, translate(${query}, 'ёЁ', 'еЕ')) AS ts,
        (SELECT to_tsquery('simple'::regconfig, string_agg('(' || alternatives || ')', ${words === 'every' ? ' & ' : ' | '}))
         FROM spellings HAVING ${words === 'some' ? sql`true` : sql`count(*) = (SELECT count(*) FROM asked)`}) AS latin
    )
    SELECT ${columns}
    FROM ${sql.raw(table)} t, q
    WHERE t.id IN (
        SELECT id FROM ${sql.raw(table)} WHERE search_vector @@ (SELECT ts FROM q)
        UNION
        SELECT id FROM ${sql.raw(table)} WHERE latin_vector @@ (SELECT latin FROM q)
      )
      AND t.draft = 0
    ORDER BY ts_rank(t.search_vector, q.ts) * 4 + coalesce(ts_rank(t.latin_vector, q.latin), 0) DESC,
      ${popularity} DESC, t.id DESC
    LIMIT ${searchResultsMax}`;
}

/** Items with every word of the query; when none has, items with some of them. */
async function run<T>(db: Db, table: 'video' | 'radio', query: string): Promise<T[]> {
  const every = await db.execute(ranked(table, query, 'every'));
  if (every.rows.length > 0 || latinQueryWords(query).length < 2) return every.rows as T[];
  const some = await db.execute(ranked(table, query, 'some'));
  return some.rows as T[];
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
  subtitles: string[];
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
  const rows = await run<RawVideo>(db, 'video', query);
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
    subtitles: row.subtitles,
    externalEmbed: row.external_embed,
    preview: row.preview,
    previewCatalog: row.preview_catalog,
    views: row.views,
    addedAt: toDate(row.added_at),
  }));
}

export async function searchRadios(db: Db, query: string): Promise<RadioRow[]> {
  const rows = await run<RawRadio>(db, 'radio', query);
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

/** How many words `search_word` holds. */
export async function searchWordCount(db: Db): Promise<number> {
  const rows = await db.select({ value: count() }).from(searchWord);
  return rows[0]?.value ?? 0;
}

/** Every word of `search_word`. */
export async function allSearchWords(db: Db): Promise<string[]> {
  return (await db.select({ word: searchWord.word }).from(searchWord)).map((row) => row.word);
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
