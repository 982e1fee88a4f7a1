import { bigint, date, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Where a live channel's numbering stands when one of its days begins: the media sequence and
 * discontinuity sequence of the segment before the day's first. Written once per day, by
 * whichever node needs it first, so that numbers never go back across days and restarts.
 */
export const liveDayBase = pgTable(
  'live_day_base',
  {
    channel: text({ enum: ['tv', 'radio'] }).notNull(),
    day: date({ mode: 'string' }).notNull(),
    sequence: bigint({ mode: 'number' }).notNull(),
    discontinuitySequence: bigint({ mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.channel, table.day] })],
);
