import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * How often something happened in one clock hour or minute: the views of a video from one address
 * by visitors without an established cookie, the newcomers posting in a room from one address, the
 * posts of a room. One row per (key, window) keeps each check a single atomic upsert.
 */
export const rateWindow = pgTable(
  'rate_window',
  {
    key: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    used: integer().notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);
