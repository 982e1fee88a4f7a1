import { date, integer, pgTable, text, time } from 'drizzle-orm/pg-core';

/** One day of the TV channel. */
export const teleprogram = pgTable('teleprogram', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  day: date({ mode: 'string' }).notNull().unique(),
  startsAt: time().notNull().default('00:00:00'),
  finishedText: text().notNull().default(''),
});
