// The site's two live channels, made once per process and shared by the API and the media port.
import type { Db } from '../db/database.ts';
import { LiveChannel } from './live-channel.ts';

export interface LiveChannels {
  tv: LiveChannel;
  radio: LiveChannel;
}

export function createLiveChannels(options: {
  db: Db;
  mediaDir: string | undefined;
  timeZone: string;
  planTtlMs?: number;
  fillerReady?: Promise<unknown>;
}): LiveChannels {
  return {
    tv: new LiveChannel({ ...options, channel: 'tv' }),
    radio: new LiveChannel({ ...options, channel: 'radio' }),
  };
}

/**
 * What airs from t on, both channels merged by start (what is on air now first, the radio's
 * before the TV's as they are far quicker to make): the order demo media are best made in.
 */
export async function upcomingMedia(
  live: LiveChannels,
  t: number,
  dates: readonly string[],
): Promise<{ channel: 'tv' | 'radio'; mediaId: number; start: number }[]> {
  const upcoming: { channel: 'tv' | 'radio'; mediaId: number; start: number }[] = [];
  for (const channel of ['tv', 'radio'] as const) {
    for (const date of dates) {
      const plan = await live[channel].plan(date, t);
      if (plan === undefined) continue;
      for (const slot of plan.timeline.aired) {
        const item = plan.schedule.items[slot.itemIndex];
        if (item !== undefined && slot.end > t) upcoming.push({ channel, mediaId: item.mediaId, start: slot.start });
      }
    }
  }
  const rank = (entry: { channel: 'tv' | 'radio'; start: number }): number => Math.max(entry.start, t);
  return upcoming.sort((a, b) => rank(a) - rank(b) || (a.channel === b.channel ? 0 : a.channel === 'radio' ? -1 : 1));
}
