import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

/** Rate windows are clock hours or clock minutes, on the database's clock (the same for every node). */
export type RateWindow = 'hour' | 'minute';

/** Adds one to `key` in the current window unless it already holds `cap`; true when added. */
export async function takeFromWindow(db: Db, key: string, window: RateWindow, cap: number): Promise<boolean> {
  const result = await db.execute(sql`
    INSERT INTO rate_window (key, window_start, used)
    VALUES (${key}, date_trunc(${window}, now()), 1)
    ON CONFLICT (key, window_start) DO UPDATE SET used = rate_window.used + 1
    WHERE rate_window.used < ${cap}
    RETURNING used`);
  return result.rows.length > 0;
}

/** Takes back one that `takeFromWindow` added in the same transaction, for an action that did not count after all. */
export async function giveBackToWindow(db: Db, key: string, window: RateWindow): Promise<void> {
  await db.execute(sql`
    UPDATE rate_window SET used = used - 1
    WHERE key = ${key} AND window_start = date_trunc(${window}, now())`);
}

/** The most `key` held in the current or the previous window. */
export async function recentWindowPeak(db: Db, key: string, window: RateWindow): Promise<number> {
  const result = await db.execute(sql`
    SELECT coalesce(max(used), 0) AS peak FROM rate_window
    WHERE key = ${key}
      AND window_start >= date_trunc(${window}, now()) - ${window === 'hour' ? sql`interval '1 hour'` : sql`interval '1 minute'`}`);
  return Number((result.rows[0] as { peak?: unknown } | undefined)?.peak ?? 0);
}

/** Seconds until the current window ends, for a Retry-After. */
export function secondsLeftInWindow(window: RateWindow, now: Date): number {
  const length = window === 'hour' ? 3600 : 60;
  return length - (Math.floor(now.getTime() / 1000) % length);
}

/** Forgets windows that no longer limit anyone (the newest is an hour). */
export async function pruneRateWindows(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM rate_window WHERE window_start < now() - interval '2 hours'`);
}
