// The aired log in the database (live/aired.ts): read by every node, extended by one node at a
// time under a lock on the channel's frontier row, so the log never forks.
import { and, asc, desc, eq, gt, gte, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { airedFrontier, airedSegment } from '../db/schema/index.ts';
import type { AiredEntry } from '../live/aired.ts';

type AiredRow = typeof airedSegment.$inferSelect;

const toEntry = (row: AiredRow): AiredEntry => ({
  sequence: row.sequence,
  discontinuitySequence: row.discontinuitySequence,
  start: row.startMs,
  duration: row.duration,
  uri: row.uri,
  discontinuity: row.discontinuity,
  day: row.day,
  itemId: row.itemId,
  offset: row.offsetMs,
});

export interface AiredExtension {
  /** The entries after the ones the caller knew (others' and its own), in order. */
  entries: AiredEntry[];
  frontier: number;
}

/** Rows a statement inserts at most: a fresh log laid out hours back is written in parts, each
 * well under PostgreSQL's 65,535 parameters. */
const rowsPerInsert = 1000;

/**
 * Extends a channel's log under its lock (`channel` is its log's name: `tv`, `radio`, `tv+4`). `knownSequence` is the last entry the caller holds
 * (undefined: it holds none, and gets the log from `since` on, with the last entry in any case).
 * `extend` is given what others added meanwhile and the stored frontier (0 when nothing was ever
 * decided) and says what to add and the new frontier.
 */
export async function extendAired(
  db: Db,
  channel: string,
  knownSequence: number | undefined,
  since: number,
  extend: (added: readonly AiredEntry[], frontier: number) => { entries: AiredEntry[]; frontier: number },
): Promise<AiredExtension> {
  return db.transaction(async (tx) => {
    await tx.insert(airedFrontier).values({ channel, frontierMs: 0 }).onConflictDoNothing();
    const [head] = await tx.select().from(airedFrontier).where(eq(airedFrontier.channel, channel)).for('update');
    const newer =
      knownSequence === undefined
        ? or(
            gte(airedSegment.startMs, since),
            eq(
              airedSegment.sequence,
              sql`(SELECT max(${airedSegment.sequence}) FROM ${airedSegment} WHERE ${airedSegment.channel} = ${channel})`,
            ),
          )
        : gt(airedSegment.sequence, knownSequence);
    const rows = await tx
      .select()
      .from(airedSegment)
      .where(and(eq(airedSegment.channel, channel), newer))
      .orderBy(asc(airedSegment.sequence));
    const others = rows.map(toEntry);
    const stored = head?.frontierMs ?? 0;
    const decided = extend(others, stored);
    for (let from = 0; from < decided.entries.length; from += rowsPerInsert) {
      const part = decided.entries.slice(from, from + rowsPerInsert);
      await tx.insert(airedSegment).values(part.map((entry) => ({ channel, ...toColumns(entry) })));
    }
    if (decided.frontier > stored) {
      await tx.update(airedFrontier).set({ frontierMs: decided.frontier }).where(eq(airedFrontier.channel, channel));
    }
    return { entries: [...others, ...decided.entries], frontier: Math.max(stored, decided.frontier) };
  });
}

/** Up to `limit` of a channel's entries from `since` on that come before the one numbered
 * `beforeSequence`: the newest of them, in order. The older part of the log is read this way, a
 * part at a time, once a node has the newest. */
export async function airedBefore(
  db: Db,
  channel: string,
  beforeSequence: number,
  since: number,
  limit: number,
): Promise<AiredEntry[]> {
  const rows = await db
    .select()
    .from(airedSegment)
    .where(
      and(
        eq(airedSegment.channel, channel),
        gte(airedSegment.startMs, since),
        lt(airedSegment.sequence, beforeSequence),
      ),
    )
    .orderBy(desc(airedSegment.sequence))
    .limit(limit);
  return rows.reverse().map(toEntry);
}

function toColumns(entry: AiredEntry) {
  return {
    sequence: entry.sequence,
    discontinuitySequence: entry.discontinuitySequence,
    startMs: entry.start,
    duration: entry.duration,
    uri: entry.uri,
    discontinuity: entry.discontinuity,
    day: entry.day,
    itemId: entry.itemId,
    offsetMs: entry.offset,
  };
}

/** Forgets what aired before `before`, but never a channel's last entry (its numbers go on from it). */
export async function pruneAired(db: Db, before: number): Promise<void> {
  await db
    .delete(airedSegment)
    .where(
      and(
        lt(airedSegment.startMs, before),
        sql`${airedSegment.sequence} < (SELECT max(last.sequence) FROM ${airedSegment} last WHERE last.channel = ${airedSegment.channel})`,
      ),
    );
}
