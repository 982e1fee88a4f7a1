import { integer, pgTable, real, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { radioCategory } from './radio-category.ts';
import { catalogueIndexes, searchColumns } from './text-search.ts';

export const radio = pgTable(
  'radio',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    author: text().notNull().default(''),
    durationSeconds: real().notNull().default(0),
    draft: smallint().notNull().default(0),
    /** 1 a programme, 2 a song: the two popular lists of the radio page. */
    kind: smallint().notNull().default(1),
    categoryId: integer()
      .notNull()
      .references(() => radioCategory.id),
    audioPlaylist: text().notNull().default(''),
    /** The same audio as one AAC file (.m4a) a visitor can save; empty when there is none. */
    audioFile: text().notNull().default(''),
    /** When the media became ready: the live channel airs them only from then on. */
    mediaReadyAt: timestamp({ withTimezone: true }),
    preview: text().notNull().default(''),
    plays: integer().notNull().default(0),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ...searchColumns('author'),
  },
  (table) => catalogueIndexes('radio', table, { name: 'plays', column: table.plays }),
);
