import { type SQL, sql } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

export const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

/**
 * The Russian full-text vector of a name (weight A) and a second text (weight B), with ё folded
 * into е so that either spelling finds the other.
 */
export function russianVector(name: string, other: string): SQL {
  return sql.raw(
    `setweight(to_tsvector('russian'::regconfig, translate(${name}, 'ёЁ', 'еЕ')), 'A') || ` +
      `setweight(to_tsvector('russian'::regconfig, translate(${other}, 'ёЁ', 'еЕ')), 'B')`,
  );
}

/**
 * The words of the Latin-script copy, for typo-tolerant and Latin-script queries: each query word
 * is matched to the catalogue's words by trigrams (`search_word`), then found here through the index.
 */
export const latinVector = sql.raw(`to_tsvector('simple'::regconfig, search_latin)`);
