import { integer, pgTable, text } from 'drizzle-orm/pg-core';

export const about = pgTable('about', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  title0: text().notNull(),
  text0: text().notNull(),
  title1: text().notNull(),
  text1: text().notNull(),
  title2: text().notNull(),
  text2: text().notNull(),
  title3: text().notNull(),
  text3: text().notNull(),
  title4: text().notNull(),
  text4: text().notNull(),
  title5: text().notNull(),
  poster: text().notNull().default(''),
});
