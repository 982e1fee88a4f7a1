import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Every word of the catalogue's Latin-script copies, kept by a trigger on video and radio (0010):
 * a query word finds its intended words here by trigram similarity, a few short strings each,
 * instead of comparing the query with every item's whole text.
 */
export const searchWord = pgTable(
  'search_word',
  {
    word: text().primaryKey(),
  },
  (table) => [index('search_word_trigram_idx').using('gin', sql`${table.word} gin_trgm_ops`)],
);
