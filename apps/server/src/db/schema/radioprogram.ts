import { date, integer, pgTable, text, time } from 'drizzle-orm/pg-core';

/** One day of the radio channel. */
export const radioprogram = pgTable('radioprogram', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  day: date({ mode: 'string' }).notNull().unique(),
  startsAt: time().notNull().default('00:00:00'),
  finishedText: text().notNull().default(''),
});
