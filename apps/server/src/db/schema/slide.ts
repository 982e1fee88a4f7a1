import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { radio } from './radio.ts';

export interface SlideTag {
  name: string;
  color: 0 | 1;
}

export const slide = pgTable(
  'slide',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Which slideshow: 'main', 'radios' or 'catalog'. */
    slideshow: text().notNull(),
    position: integer().notNull().default(0),
    name: text().notNull(),
    link: text().notNull().default(''),
    preview: text().notNull().default(''),
    tags: jsonb().$type<SlideTag[]>().notNull().default([]),
    radioId: integer().references(() => radio.id),
  },
  (table) => [index('slide_show_idx').on(table.slideshow, table.position)],
);
