import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, real, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { latinVector, russianVector, tsvector } from './text-search.ts';
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
    externalEmbed: text().notNull().default(''),
    preview: text().notNull().default(''),
    previewCatalog: text().notNull().default(''),
    views: integer().notNull().default(0),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The Latin-script copy of name and description that trigram search runs on. */
    searchLatin: text().notNull().default(''),
    searchVector: tsvector().generatedAlwaysAs(russianVector('name', 'description')),
    latinVector: tsvector().generatedAlwaysAs(latinVector),
  },
  (table) => [
    index('video_catalogue_idx').on(table.draft, table.categoryId, table.addedAt),
    index('video_views_idx').on(table.draft, table.views),
    index('video_search_vector_idx').using('gin', table.searchVector),
    index('video_latin_vector_idx').using('gin', table.latinVector),
    index('video_search_latin_idx').using('gin', sql`${table.searchLatin} gin_trgm_ops`),
  ],
);
