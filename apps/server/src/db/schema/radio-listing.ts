import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/** A named group of radios on the radio catalogue's 'all' tab. */
export const radioListing = pgTable('radio_listing', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
  position: integer().notNull().default(0),
  radioIds: jsonb().$type<number[]>().notNull().default([]),
});
