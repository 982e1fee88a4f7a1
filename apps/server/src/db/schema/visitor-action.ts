import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The last time a visitor did something counted once per period: a view, a play, a vote, a chat
 * post. One row per (action, subject, visitor) keeps each check a single atomic upsert.
 */
export const visitorAction = pgTable(
  'visitor_action',
  {
    action: text().notNull(),
    subjectId: integer().notNull(),
    visitor: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.action, table.subjectId, table.visitor] })],
);
