import { date, integer, pgTable, text, time, timestamp } from 'drizzle-orm/pg-core';

/** One day of the radio channel. */
export const radioprogram = pgTable('radioprogram', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  day: date({ mode: 'string' }).notNull().unique(),
  startsAt: time().notNull().default('00:00:00'),
  finishedText: text().notNull().default(''),
  /** Counts the day's saves: a save made over an older revision is refused, not merged. */
  revision: integer().notNull().default(1),
  /** Who saved the day last (a studio login, 'token' or 'cli') and when; null before any save. */
  savedBy: text(),
  savedAt: timestamp({ withTimezone: true }),
});
