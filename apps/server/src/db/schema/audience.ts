import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The players of a stream (a channel's copy and rung) on one node over a minute, or an hour once
 * rolled up: the player-seconds watched (each sample's players times the sample's length: adds up
 * across nodes and into hours) and the most players one sample saw.
 */
export const audienceBucket = pgTable(
  'audience_bucket',
  {
    start: timestamp({ withTimezone: true }).notNull(),
    spanSeconds: integer().notNull(),
    channel: text().notNull(),
    shiftMinutes: integer().notNull(),
    rung: text().notNull(),
    node: text().notNull(),
    watchedSeconds: bigint({ mode: 'number' }).notNull(),
    peak: integer().notNull(),
  },
  (table) => [
    primaryKey({
      name: 'audience_bucket_pk',
      columns: [table.start, table.spanSeconds, table.channel, table.shiftMinutes, table.rung, table.node],
    }),
  ],
);

/** Each node's players of each stream at its last sample: the audience now, summed over nodes. */
export const audienceNow = pgTable(
  'audience_now',
  {
    node: text().notNull(),
    channel: text().notNull(),
    shiftMinutes: integer().notNull(),
    rung: text().notNull(),
    players: integer().notNull(),
    sampledAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'audience_now_pk', columns: [table.node, table.channel, table.shiftMinutes, table.rung] }),
    index('audience_now_sampled_idx').on(table.sampledAt),
  ],
);

/** How many views or plays counted in a minute, or an hour once rolled up (over every node). */
export const activityBucket = pgTable(
  'activity_bucket',
  {
    start: timestamp({ withTimezone: true }).notNull(),
    spanSeconds: integer().notNull(),
    kind: text().notNull(),
    count: integer().notNull(),
  },
  (table) => [primaryKey({ name: 'activity_bucket_pk', columns: [table.start, table.spanSeconds, table.kind] })],
);
