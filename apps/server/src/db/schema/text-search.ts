import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, customType, index, text } from 'drizzle-orm/pg-core';

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

/** A catalogue table's search columns: `other` is the second text searched beside the name. */
export const searchColumns = (other: string) => ({
  /** The Latin-script copy of name and `other` that trigram search runs on. */
  searchLatin: text().notNull().default(''),
  searchVector: tsvector().generatedAlwaysAs(russianVector('name', other)),
  latinVector: tsvector().generatedAlwaysAs(latinVector),
});

/** A catalogue table's indexes: its pages, its most viewed or played, and its three searches. */
export function catalogueIndexes(
  name: string,
  table: Record<'draft' | 'categoryId' | 'addedAt' | 'searchVector' | 'latinVector' | 'searchLatin', AnyPgColumn>,
  counted: { name: string; column: AnyPgColumn },
) {
  return [
    index(`${name}_catalogue_idx`).on(table.draft, table.categoryId, table.addedAt),
    index(`${name}_${counted.name}_idx`).on(table.draft, counted.column),
    index(`${name}_search_vector_idx`).using('gin', table.searchVector),
    index(`${name}_latin_vector_idx`).using('gin', table.latinVector),
    index(`${name}_search_latin_idx`).using('gin', sql`${table.searchLatin} gin_trgm_ops`),
  ];
}
