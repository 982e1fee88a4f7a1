import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { videoCategory } from './video-category.ts';

/** A row of the home page's catalogue rows (the spec's main list): a category's newest videos, or
 * the editors' own picks. */
export const homeRow = pgTable('home_row', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
  position: integer().notNull().default(0),
  categoryId: integer().references(() => videoCategory.id, { onDelete: 'cascade' }),
  videoIds: jsonb().$type<number[]>().notNull().default([]),
});
