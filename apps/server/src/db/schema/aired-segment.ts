import { bigint, boolean, date, doublePrecision, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The aired log (live/aired.ts): every segment a live channel has listed, numbered once. What is
 * here never changes, so every node and every restart answers the same playlists.
 */
export const airedSegment = pgTable(
  'aired_segment',
  {
    /** The log's name: `tv`, `radio`, or a regional copy's (`tv+4`, `radio-1`). */
    channel: text().notNull(),
    sequence: bigint({ mode: 'number' }).notNull(),
    discontinuitySequence: bigint({ mode: 'number' }).notNull(),
    /** Milliseconds since the Unix epoch. */
    startMs: bigint({ mode: 'number' }).notNull(),
    /** Seconds, as the segment's EXTINF. */
    duration: doublePrecision().notNull(),
    uri: text().notNull(),
    discontinuity: boolean().notNull(),
    day: date({ mode: 'string' }).notNull(),
    /** The schedule item, kept as a number: the item may be rewritten away, what aired stays. */
    itemId: integer(),
    /** Milliseconds it aired ahead of its place in the timeline (live/aired.ts). */
    offsetMs: integer().notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.channel, table.sequence] }),
    index('aired_segment_start_idx').on(table.channel, table.startMs),
  ],
);

/**
 * How far each channel's log has been worked out: up to here the channel's air is decided (its
 * segments are in the log, or it was off the air), so nothing may be added before it. The row is
 * also what a node locks to extend the log.
 */
export const airedFrontier = pgTable('aired_frontier', {
  channel: text().primaryKey(),
  frontierMs: bigint({ mode: 'number' }).notNull(),
});
