// The demo on a first start, for the server and `npm run seed` alike: an empty database gets the
// demo content, and (with DEMO_MEDIA on) jobs that make its media, what airs next first.
import { kindDescriptions } from '@efir/contract';
import type { Db } from '../db/database.ts';
import { isEmpty } from '../db/database.ts';
import { addDays, dateIn, instantOf } from '../lib/clock.ts';
import { createLiveChannels, upcomingMedia } from '../live/live-channels.ts';
import { segmentSeconds } from '../media/ladder.ts';
import { queueDemoMedia } from '../repositories/ingest-jobs.ts';
import { seedDemo } from './seed.ts';

export interface DemoStart {
  /** Whether the database was empty and got the demo. */
  written: boolean;
  /** How many media jobs were queued. */
  queued: number;
}

export async function seedIfEmpty(
  db: Db,
  options: { timeZone: string; demoMedia: boolean; now?: Date },
): Promise<DemoStart> {
  if (!(await isEmpty(db))) return { written: false, queued: 0 };
  const now = options.now ?? new Date();
  const today = dateIn(options.timeZone, now);
  // With media on the way, the demo day opens where the clock is, so the channels air from now.
  const openingAt = (now.getTime() - instantOf(options.timeZone, today, '00:00:00')) / 1000;
  await seedDemo(db, { today, now, ...(options.demoMedia ? { openingAt, wholeSegments: segmentSeconds } : {}) });
  if (!options.demoMedia) return { written: true, queued: 0 };
  // Slots do not depend on media or filler: a channel without them gives the order at once.
  const slots = createLiveChannels({ db, mediaDir: undefined, timeZone: options.timeZone });
  const upcoming = await upcomingMedia(slots, now.getTime(), [addDays(today, -1), today, addDays(today, 1)]);
  const queued = await queueDemoMedia(
    db,
    upcoming.map(({ channel, mediaId }) => ({
      kind: `demo-${kindDescriptions[channel.kind].catalogue}` as const,
      id: mediaId,
    })),
  );
  return { written: true, queued };
}
