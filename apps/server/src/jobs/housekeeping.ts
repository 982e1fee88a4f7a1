// Hourly pruning of what the site keeps only for a while: visitor actions and rate windows past
// their hour, old search counts, the aired log beyond a day, ended studio sessions, uploads left
// unused for a week, and retired media the aired log no longer names; the audience's minutes past
// a week are rolled up into hours.
import { audienceLimits } from '@efir/contract';
import type { Db } from '../db/database.ts';
import { sweepRetiredMedia } from '../media/media-files.ts';
import { pruneAired } from '../repositories/aired.ts';
import { rollUpAudience } from '../repositories/audience.ts';
import { pruneSessions, type SessionLimits } from '../repositories/studio-accounts.ts';
import type { Uploads } from '../studio/uploads.ts';
import { pruneRateWindows } from '../repositories/rate-windows.ts';
import { pruneSearches } from '../repositories/search.ts';
import { pruneVisitorActions } from '../repositories/visitor-actions.ts';

const hourMs = 60 * 60 * 1000;
/** How long the aired log keeps what aired: a day, for the checks of operators. */
const airedKeptMs = 24 * hourMs;

/** Starts the hourly pruning; answers its stop. */
export function startHousekeeping(
  site: { db: Db; mediaDir: string; uploads: Uploads; session: SessionLimits },
  onError: (error: unknown) => void,
): () => void {
  const { db } = site;
  const prune = setInterval(() => {
    Promise.all([
      pruneVisitorActions(db),
      pruneRateWindows(db),
      pruneSearches(db),
      rollUpAudience(db, Date.now() - audienceLimits.minuteDays * 24 * hourMs),
      pruneSessions(db, site.session),
      site.uploads.sweep(),
      pruneAired(db, Date.now() - airedKeptMs).then(() => sweepRetiredMedia(db, site.mediaDir)),
    ]).catch(onError);
  }, hourMs);
  prune.unref();
  return () => {
    clearInterval(prune);
  };
}
