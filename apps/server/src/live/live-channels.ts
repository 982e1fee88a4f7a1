// The site's two live channels, made once per process and shared by the API and the media port.
import { airsAudio } from '@efir/contract';
import type { Db } from '../db/database.ts';
import { type LiveChannelName, liveScheduleDay, scheduledDays } from '../repositories/live.ts';
import type { ScheduleSource } from './day-plans.ts';
import { LiveChannel } from './live-channel.ts';

export interface LiveChannels {
  tv: LiveChannel;
  radio: LiveChannel;
  /** Each channel's regional copies (LiveChannelOptions.copyOf), in the order of their shifts. */
  copies: { tv: LiveChannel[]; radio: LiveChannel[] };
}

/** The regional copies to make: each channel's shifts from the schedules' zone, in minutes. */
export interface ChannelShifts {
  tv: readonly number[];
  radio: readonly number[];
}

export function createLiveChannels(options: {
  db: Db;
  mediaDir: string | undefined;
  timeZone: string;
  shifts?: ChannelShifts;
  rewindMs?: number;
  planTtlMs?: number;
  aheadMs?: number;
  fillerReady?: Promise<unknown>;
  onError?: (error: unknown, what: string) => void;
}): LiveChannels {
  const { shifts, ...shared } = options;
  const { db } = options;
  const scheduleOf = (channel: LiveChannelName): ScheduleSource => ({
    day: (date) => liveScheduleDay(db, channel, date),
    daysWith: (mediaId, until) => scheduledDays(db, channel, mediaId, until),
  });
  const tv = new LiveChannel({ ...shared, channel: 'tv', schedule: scheduleOf('tv') });
  const radio = new LiveChannel({ ...shared, channel: 'radio', schedule: scheduleOf('radio') });
  const copies = (channel: LiveChannel, minutes: readonly number[] = []): LiveChannel[] =>
    minutes.map(
      (shift) =>
        new LiveChannel({
          ...shared,
          channel: channel.channel,
          schedule: scheduleOf(channel.channel),
          copyOf: { channel, shiftMs: shift * 60_000 },
        }),
    );
  return { tv, radio, copies: { tv: copies(tv, shifts?.tv), radio: copies(radio, shifts?.radio) } };
}

/** Every channel the site airs: the two, then their copies. */
export const allChannels = (live: LiveChannels): LiveChannel[] => [
  live.tv,
  live.radio,
  ...live.copies.tv,
  ...live.copies.radio,
];

export interface UpcomingMedia {
  channel: 'tv' | 'radio';
  mediaId: number;
  /** The item's slot, in milliseconds since the Unix epoch. */
  start: number;
  end: number;
  /** The item's length (seconds). */
  seconds: number;
}

/** How long making an item's media takes (ms). */
export type MakingTime = (entry: UpcomingMedia) => number;

/** A demo item's media on two cores (docs/MEDIA.md): its playlists over a base clip made once, and
 * for a video its previews, whatever its length. (A clip's first use costs its encoding too.) */
export const demoMakingTime: MakingTime = (entry) => (airsAudio(entry.channel) ? 150 : 400);

/**
 * The order in which to make media, one at a time, so that each channel airs its programme as
 * soon as it can: always next the item that would air soonest with its media made (its slot's
 * start, or when its media would be ready if that is later, as an item on air joins once they
 * are), never one whose slot would be over by then. Items that no making can reach follow, by
 * start. Each medium comes once, at its first useful place.
 */
export function orderForAiring(
  upcoming: readonly UpcomingMedia[],
  t: number,
  makingTime: MakingTime = demoMakingTime,
): UpcomingMedia[] {
  const remaining = [...upcoming];
  const order: UpcomingMedia[] = [];
  const made = new Set<string>();
  const key = (entry: UpcomingMedia): string => `${entry.channel}:${entry.mediaId}`;
  let cursor = t;
  for (;;) {
    let best: { entry: UpcomingMedia; airs: number; ready: number } | undefined;
    for (const entry of remaining) {
      if (made.has(key(entry))) continue;
      const ready = cursor + makingTime(entry);
      const airs = Math.max(entry.start, ready);
      if (airs >= entry.end) continue;
      const better =
        best === undefined ||
        airs < best.airs ||
        (airs === best.airs && airsAudio(entry.channel) && !airsAudio(best.entry.channel));
      if (better) best = { entry, airs, ready };
    }
    if (best === undefined) break;
    order.push(best.entry);
    made.add(key(best.entry));
    cursor = best.ready;
  }
  const unreachable = remaining.filter((entry) => !made.has(key(entry))).sort((a, b) => a.start - b.start);
  for (const entry of unreachable) {
    if (made.has(key(entry))) continue;
    made.add(key(entry));
    order.push(entry);
  }
  return order;
}

/** What airs from t on, on both channels, in the order its media are best made (orderForAiring). */
export async function upcomingMedia(live: LiveChannels, t: number, dates: readonly string[]): Promise<UpcomingMedia[]> {
  const upcoming: UpcomingMedia[] = [];
  for (const channel of ['tv', 'radio'] as const) {
    for (const date of dates) {
      const plan = await live[channel].plan(date);
      if (plan === undefined) continue;
      for (const slot of plan.timeline.aired) {
        const item = plan.schedule.items[slot.itemIndex];
        if (item !== undefined && slot.end > t) {
          upcoming.push({
            channel,
            mediaId: item.mediaId,
            start: slot.start,
            end: slot.end,
            seconds: item.durationSeconds,
          });
        }
      }
    }
  }
  return orderForAiring(upcoming, t);
}
