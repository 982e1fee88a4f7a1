import { integer, pgTable, text } from 'drizzle-orm/pg-core';

export const videoCategory = pgTable('video_category', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
  position: integer().notNull().default(0),
});
