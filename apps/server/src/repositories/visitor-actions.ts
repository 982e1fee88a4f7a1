import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

export type VisitorAction = 'video-view' | 'radio-play' | 'poll-vote' | 'chat-post';

/**
 * Records that a visitor did `action` on `subjectId` unless they already did within `periodSeconds`
 * (null: ever). True when it counts. One atomic upsert, so concurrent requests count once.
 */
export async function claimVisitorAction(
  db: Db,
  action: VisitorAction,
  subjectId: number,
  visitor: string,
  periodSeconds: number | null,
): Promise<boolean> {
  const result =
    periodSeconds === null
      ? await db.execute(sql`
          INSERT INTO visitor_action (action, subject_id, visitor, at)
          VALUES (${action}, ${subjectId}, ${visitor}, now())
          ON CONFLICT (action, subject_id, visitor) DO NOTHING
          RETURNING 1 AS claimed`)
      : await db.execute(sql`
          INSERT INTO visitor_action (action, subject_id, visitor, at)
          VALUES (${action}, ${subjectId}, ${visitor}, clock_timestamp())
          ON CONFLICT (action, subject_id, visitor) DO UPDATE SET at = excluded.at
          WHERE visitor_action.at <= excluded.at - make_interval(secs => ${periodSeconds})
          RETURNING 1 AS claimed`);
  return result.rows.length > 0;
}

/** Forgets what no longer limits anyone: periodic actions older than a day (votes stay). */
export async function pruneVisitorActions(db: Db): Promise<void> {
  await db.execute(sql`
    DELETE FROM visitor_action
    WHERE action <> 'poll-vote' AND at < now() - interval '25 hours'`);
}
