import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

/**
 * Rate windows are clock minutes, quarter hours or hours on the site's clock (the request's
 * instant, which tests move): a window starts at a whole multiple of its length since the Unix
 * epoch. Nodes keep their clocks in step (NTP): a window is a minute or more, a skew milliseconds.
 */
export type RateWindow = 'hour' | 'quarter-hour' | 'minute';

const windowSeconds: Readonly<Record<RateWindow, number>> = { hour: 3600, 'quarter-hour': 900, minute: 60 };

/** The start of the window at `now`, or of the one `back` windows before it. */
export function windowStart(window: RateWindow, now: Date, back = 0): Date {
  const length = windowSeconds[window] * 1000;
  return new Date((Math.floor(now.getTime() / length) - back) * length);
}

const startOf = (window: RateWindow, now: Date, back = 0): SQL =>
  sql`${windowStart(window, now, back).toISOString()}::timestamptz`;

/** Adds one to `key` in the window at `now` unless it already holds `cap`; true when added. */
export async function takeFromWindow(
  db: Db,
  key: string,
  window: RateWindow,
  cap: number,
  now: Date,
): Promise<boolean> {
  const result = await db.execute(sql`
    INSERT INTO rate_window (key, window_start, used)
    VALUES (${key}, ${startOf(window, now)}, 1)
    ON CONFLICT (key, window_start) DO UPDATE SET used = rate_window.used + 1
    WHERE rate_window.used < ${cap}
    RETURNING used`);
  return result.rows.length > 0;
}

/** Takes back one that `takeFromWindow` added in the same transaction, for an action that did not count after all. */
export async function giveBackToWindow(db: Db, key: string, window: RateWindow, now: Date): Promise<void> {
  await db.execute(sql`
    UPDATE rate_window SET used = used - 1
    WHERE key = ${key} AND window_start = ${startOf(window, now)}`);
}

/** The most `key` held in the window at `now` or the one before. */
export async function recentWindowPeak(db: Db, key: string, window: RateWindow, now: Date): Promise<number> {
  const result = await db.execute(sql`
    SELECT coalesce(max(used), 0) AS peak FROM rate_window
    WHERE key = ${key} AND window_start >= ${startOf(window, now, 1)}`);
  return Number((result.rows[0] as { peak?: unknown } | undefined)?.peak ?? 0);
}

/** Seconds until the current window ends, for a Retry-After. */
export function secondsLeftInWindow(window: RateWindow, now: Date): number {
  const length = windowSeconds[window];
  return length - (Math.floor(now.getTime() / 1000) % length);
}

/** Forgets windows that no longer limit anyone (the longest is an hour). */
export async function pruneRateWindows(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM rate_window WHERE window_start < now() - interval '2 hours'`);
}
