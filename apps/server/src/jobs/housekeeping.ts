// Hourly pruning of what the site keeps only for a while: visitor actions and rate windows past
// their hour, old search counts, and the aired log beyond a day.
import type { Db } from '../db/database.ts';
import { pruneAired } from '../repositories/aired.ts';
import { pruneRateWindows } from '../repositories/rate-windows.ts';
import { pruneSearches } from '../repositories/search.ts';
import { pruneVisitorActions } from '../repositories/visitor-actions.ts';

const hourMs = 60 * 60 * 1000;
/** How long the aired log keeps what aired: a day, for the checks of operators. */
const airedKeptMs = 24 * hourMs;

/** Starts the hourly pruning; answers its stop. */
export function startHousekeeping(db: Db, onError: (error: unknown) => void): () => void {
  const prune = setInterval(() => {
    Promise.all([
      pruneVisitorActions(db),
      pruneRateWindows(db),
      pruneSearches(db),
      pruneAired(db, Date.now() - airedKeptMs),
    ]).catch(onError);
  }, hourMs);
  prune.unref();
  return () => {
    clearInterval(prune);
  };
}
