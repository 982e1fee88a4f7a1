import { integer, jsonb, pgTable, real, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { catalogueIndexes, searchColumns } from './text-search.ts';
import { videoCategory } from './video-category.ts';

export interface Rendition {
  height: number;
  link: string;
}

export const video = pgTable(
  'video',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    description: text().notNull().default(''),
    plot: text().notNull().default(''),
    durationSeconds: real().notNull().default(0),
    ageRating: smallint().notNull().default(99),
    draft: smallint().notNull().default(0),
    categoryId: integer()
      .notNull()
      .references(() => videoCategory.id),
    masterPlaylist: text().notNull().default(''),
    /** When the media became ready: the live channel airs them only from then on. */
    mediaReadyAt: timestamp({ withTimezone: true }),
    renditions: jsonb().$type<Rendition[]>().notNull().default([]),
    /** The languages of its subtitle renditions (`subs/<language>/` beside the rungs), in order. */
    subtitles: text().array().notNull().default([]),
    externalEmbed: text().notNull().default(''),
    preview: text().notNull().default(''),
    previewCatalog: text().notNull().default(''),
    views: integer().notNull().default(0),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ...searchColumns('description'),
  },
  (table) => catalogueIndexes('video', table, { name: 'views', column: table.views }),
);
