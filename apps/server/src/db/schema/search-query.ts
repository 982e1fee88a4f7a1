import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A search that found something: what the recommended searches are counted from. */
export const searchQuery = pgTable(
  'search_query',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    query: text().notNull(),
    visitor: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('search_query_at_idx').on(table.at)],
);

/** Editors' picks, offered while too few searches were made. */
export const searchPick = pgTable('search_pick', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  query: text().notNull(),
  position: integer().notNull().default(0),
});
