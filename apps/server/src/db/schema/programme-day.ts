import { date, integer, pgTable, text, time, timestamp, unique } from 'drizzle-orm/pg-core';
import { channel } from './channel.ts';

/**
 * A days table of one kind of channel (teleprogram, radioprogram): a row per channel and date.
 * `mainSlug` is the main channel of the kind, whose days the rows were before channels were added.
 */
export const programmeDayTable = <Name extends string>(name: Name, mainSlug: string) =>
  pgTable(
    name,
    {
      id: integer().primaryKey().generatedByDefaultAsIdentity(),
      /** The channel whose day it is: the main one of its kind, or an added one. */
      channel: text()
        .notNull()
        .default(mainSlug)
        .references(() => channel.slug),
      day: date({ mode: 'string' }).notNull(),
      startsAt: time().notNull().default('00:00:00'),
      finishedText: text().notNull().default(''),
      /** Counts the day's saves: a save made over an older revision is refused, not merged. */
      revision: integer().notNull().default(1),
      /** Who saved the day last (a studio login, 'token' or 'cli') and when; null before any save. */
      savedBy: text(),
      savedAt: timestamp({ withTimezone: true }),
      /** The request that saved it (the log's `reqId`): every node's channel names it when it takes the save up. */
      savedRequest: text(),
    },
    (table) => [unique(`${name}_channel_day_unique`).on(table.channel, table.day)],
  );
