// The audience kept over time (docs/OPERATIONS.md, «Audience»): each node's samples of its players
// in minute buckets, rolled up into hours after a week; views and plays counted per minute; the
// players of each node now. Reports add the nodes together.
import { audienceLimits } from '@efir/contract';
import { and, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { activityBucket, audienceBucket, audienceNow } from '../db/schema/index.ts';

/** A stream as the audience tells it apart: a channel's copy and rung. */
export interface AudienceStreamKey {
  channel: string;
  shiftMinutes: number;
  rung: string;
}

export interface StreamPlayers extends AudienceStreamKey {
  players: number;
}

export type ActivityKind = 'view' | 'play';

const minuteMs = 60_000;

/**
 * One node's sample at `at` (a multiple of the sample length): its players now, and, for each
 * stream someone follows, the sample's player-seconds and a candidate peak in the minute's bucket.
 */
export async function recordAudienceSample(
  db: Db,
  node: string,
  at: number,
  streams: readonly StreamPlayers[],
): Promise<void> {
  if (streams.length === 0) return;
  const sampledAt = new Date(at);
  const start = new Date(Math.floor(at / minuteMs) * minuteMs);
  await db.transaction(async (tx) => {
    await tx
      .insert(audienceNow)
      .values(streams.map((stream) => ({ node, ...stream, sampledAt })))
      .onConflictDoUpdate({
        target: [audienceNow.node, audienceNow.channel, audienceNow.shiftMinutes, audienceNow.rung],
        set: { players: sql`excluded.players`, sampledAt: sql`excluded.sampled_at` },
      });
    const followed = streams.filter((stream) => stream.players > 0);
    if (followed.length === 0) return;
    await tx
      .insert(audienceBucket)
      .values(
        followed.map(({ players, ...stream }) => ({
          start,
          spanSeconds: 60,
          node,
          ...stream,
          watchedSeconds: players * audienceLimits.sampleSeconds,
          peak: players,
        })),
      )
      .onConflictDoUpdate({
        target: [
          audienceBucket.start,
          audienceBucket.spanSeconds,
          audienceBucket.channel,
          audienceBucket.shiftMinutes,
          audienceBucket.rung,
          audienceBucket.node,
        ],
        set: {
          watchedSeconds: sql`${audienceBucket.watchedSeconds} + excluded.watched_seconds`,
          peak: sql`greatest(${audienceBucket.peak}, excluded.peak)`,
        },
      });
  });
}

/** The other nodes' players of each stream at their last sample, if it is recent. */
export async function otherNodesAudience(db: Db, node: string, now: number): Promise<StreamPlayers[]> {
  // Two samples missed: that node is gone, or its database writes are.
  const since = new Date(now - 2.5 * audienceLimits.sampleSeconds * 1000);
  return db
    .select({
      channel: audienceNow.channel,
      shiftMinutes: audienceNow.shiftMinutes,
      rung: audienceNow.rung,
      players: audienceNow.players,
    })
    .from(audienceNow)
    .where(and(ne(audienceNow.node, node), gt(audienceNow.sampledAt, since)));
}

/** Counts a view or a play in its minute: in the transaction that counted it. */
export async function countActivity(db: Db, kind: ActivityKind, at: Date): Promise<void> {
  const start = new Date(Math.floor(at.getTime() / minuteMs) * minuteMs);
  await db
    .insert(activityBucket)
    .values({ start, spanSeconds: 60, kind, count: 1 })
    .onConflictDoUpdate({
      target: [activityBucket.start, activityBucket.spanSeconds, activityBucket.kind],
      set: { count: sql`${activityBucket.count} + 1` },
    });
}

/**
 * Rolls the minute buckets that began before `before` into hour buckets: player-seconds and
 * counts add up, a peak is the hour's highest. Moved in one statement per table, so two nodes
 * rolling up at once move each minute once.
 */
export async function rollUpAudience(db: Db, before: number): Promise<void> {
  const limit = sql`${new Date(before).toISOString()}::timestamptz`;
  await db.execute(sql`
    WITH moved AS (
      DELETE FROM audience_bucket WHERE span_seconds = 60 AND start < ${limit} RETURNING *
    )
    INSERT INTO audience_bucket (start, span_seconds, channel, shift_minutes, rung, node, watched_seconds, peak)
    SELECT date_trunc('hour', start), 3600, channel, shift_minutes, rung, node, sum(watched_seconds), max(peak)
    FROM moved GROUP BY 1, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT audience_bucket_pk DO UPDATE SET
      watched_seconds = audience_bucket.watched_seconds + excluded.watched_seconds,
      peak = greatest(audience_bucket.peak, excluded.peak)`);
  await db.execute(sql`
    WITH moved AS (
      DELETE FROM activity_bucket WHERE span_seconds = 60 AND start < ${limit} RETURNING *
    )
    INSERT INTO activity_bucket (start, span_seconds, kind, count)
    SELECT date_trunc('hour', start), 3600, kind, sum(count) FROM moved GROUP BY 1, 3
    ON CONFLICT ON CONSTRAINT activity_bucket_pk DO UPDATE SET count = activity_bucket.count + excluded.count`);
  // A node's players now, once it has long stopped sampling.
  await db.execute(sql`DELETE FROM audience_now WHERE sampled_at < ${limit}`);
}

/** A step's start (ms) and a value in it. */
export interface StepValue {
  at: number;
  value: number;
}

export interface AudienceSeries {
  /** By channel: the player-seconds of each step, and its busiest minute over every node. */
  channels: Map<string, { watched: StepValue[]; peak: StepValue[] }>;
  views: StepValue[];
  plays: StepValue[];
  chatPosts: StepValue[];
  searches: StepValue[];
  popularSearches: { query: string; count: number }[];
}

/** What a report over `from`–`to` (ms, `from` a multiple of the step) counts, step by step. */
export async function audienceSeries(db: Db, from: number, to: number, stepSeconds: number): Promise<AudienceSeries> {
  const since = sql`${new Date(from).toISOString()}::timestamptz`;
  const until = sql`${new Date(to).toISOString()}::timestamptz`;
  const stepOf = (column: string) =>
    sql.raw(`(floor(extract(epoch FROM ${column}) / ${String(stepSeconds)}) * ${String(stepSeconds * 1000)})::float8`);
  const [audience, activity, chat, searches, popular] = await Promise.all([
    db.execute(sql`
      SELECT channel, ${stepOf('start')} AS at, sum(watched)::float8 AS watched, max(peak)::int AS peak
      FROM (
        SELECT channel, start, sum(watched_seconds) AS watched, sum(peak) AS peak
        FROM audience_bucket WHERE start >= ${since} AND start < ${until}
        GROUP BY channel, start
      ) minutes
      GROUP BY 1, 2 ORDER BY 2`),
    db.execute(sql`
      SELECT kind, ${stepOf('start')} AS at, sum(count)::int AS count
      FROM activity_bucket WHERE start >= ${since} AND start < ${until}
      GROUP BY 1, 2`),
    db.execute(sql`
      SELECT ${stepOf('posted_at')} AS at, count(*)::int AS count
      FROM chat_message WHERE posted_at >= ${since} AND posted_at < ${until}
      GROUP BY 1`),
    db.execute(sql`
      SELECT ${stepOf('at')} AS at, count(*)::int AS count
      FROM search_query WHERE at >= ${since} AND at < ${until}
      GROUP BY 1`),
    db.execute(sql`
      SELECT query, count(*)::int AS count
      FROM search_query WHERE at >= ${since} AND at < ${until}
      GROUP BY query ORDER BY count DESC, query LIMIT ${audienceLimits.searches}`),
  ]);
  const channels: AudienceSeries['channels'] = new Map();
  for (const row of audience.rows as { channel: string; at: number; watched: number; peak: number }[]) {
    let series = channels.get(row.channel);
    if (series === undefined) {
      series = { watched: [], peak: [] };
      channels.set(row.channel, series);
    }
    series.watched.push({ at: row.at, value: row.watched });
    series.peak.push({ at: row.at, value: row.peak });
  }
  const activityRows = activity.rows as { kind: ActivityKind; at: number; count: number }[];
  const ofKind = (kind: ActivityKind): StepValue[] =>
    activityRows.filter((row) => row.kind === kind).map((row) => ({ at: row.at, value: row.count }));
  const counted = (rows: unknown[]): StepValue[] =>
    (rows as { at: number; count: number }[]).map((row) => ({ at: row.at, value: row.count }));
  return {
    channels,
    views: ofKind('view'),
    plays: ofKind('play'),
    chatPosts: counted(chat.rows),
    searches: counted(searches.rows),
    popularSearches: popular.rows as { query: string; count: number }[],
  };
}
