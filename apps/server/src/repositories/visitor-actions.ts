import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { giveBackToWindow, takeFromWindow } from './rate-windows.ts';

export type VisitorAction = 'video-view' | 'radio-play' | 'poll-vote' | 'chat-post';

/** An anonymous visitor as a request knows them (plugins/visitor.ts). */
export interface Visitor {
  /** The random id in the visitor's signed cookie (22 URL-safe characters). */
  id: string;
  /** The address the request came from, an IPv6 /64 as one (lib/address.ts). */
  address: string;
  /** When the server issued the visitor's cookie (ms since the epoch): now for a new one. */
  issuedAt: number;
  /**
   * Whether the cookie was issued long enough ago: only then do the visitor's actions escape the
   * per-address caps, so a script that drops or forges its cookie gains nothing.
   */
  established: boolean;
}

/**
 * Records that a visitor did `action` on `subjectId` at `now` unless they already did within
 * `periodSeconds` before (null: ever). True when it counts. One atomic upsert, so concurrent
 * requests count once.
 */
export async function claimVisitorAction(
  db: Db,
  action: VisitorAction,
  subjectId: number,
  visitor: string,
  periodSeconds: number | null,
  now: Date,
): Promise<boolean> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result =
    periodSeconds === null
      ? await db.execute(sql`
          INSERT INTO visitor_action (action, subject_id, visitor, at)
          VALUES (${action}, ${subjectId}, ${visitor}, ${at})
          ON CONFLICT (action, subject_id, visitor) DO NOTHING
          RETURNING 1 AS claimed`)
      : await db.execute(sql`
          INSERT INTO visitor_action (action, subject_id, visitor, at)
          VALUES (${action}, ${subjectId}, ${visitor}, ${at})
          ON CONFLICT (action, subject_id, visitor) DO UPDATE SET at = excluded.at
          WHERE visitor_action.at <= excluded.at - make_interval(secs => ${periodSeconds})
          RETURNING 1 AS claimed`);
  return result.rows.length > 0;
}

export type CountOutcome = 'counted' | 'repeat' | 'address-cap';

/**
 * Claims an action that adds to a counter (a view, a play, a vote): once per visitor per period,
 * and, for a visitor without an established cookie, within `addressCap` such actions on this
 * subject from the visitor's address per clock hour. Run it in the transaction that adds.
 */
export async function claimCountedAction(
  tx: Db,
  action: Exclude<VisitorAction, 'chat-post'>,
  subjectId: number,
  visitor: Visitor,
  periodSeconds: number | null,
  addressCap: number,
  now: Date,
): Promise<CountOutcome> {
  const key = `${action}:${String(subjectId)}:${visitor.address}`;
  if (!visitor.established && !(await takeFromWindow(tx, key, 'hour', addressCap, now))) return 'address-cap';
  if (await claimVisitorAction(tx, action, subjectId, visitor.id, periodSeconds, now)) return 'counted';
  if (!visitor.established) await giveBackToWindow(tx, key, 'hour', now);
  return 'repeat';
}

/** Forgets what no longer limits anyone: periodic actions older than a day (votes stay). */
export async function pruneVisitorActions(db: Db): Promise<void> {
  await db.execute(sql`
    DELETE FROM visitor_action
    WHERE action <> 'poll-vote' AND at < now() - interval '25 hours'`);
}
