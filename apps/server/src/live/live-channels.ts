// The channels the site airs, made once per process and shared by the API and the media port:
// the spec's two, and every channel the channels' table holds, each with its regional copies.
// A channel an operator adds is aired by every node once it reads the table again (`refresh`).
import { airsAudio, type ChannelKind, type ChannelRef, type LiveChannelName, mainChannels } from '@efir/contract';
import { channelRows } from '../channels/channel-rows.ts';
import type { Db } from '../db/database.ts';
import { liveScheduleDay, scheduledDays } from '../repositories/live.ts';
import type { ScheduleSource } from './day-plans.ts';
import { LiveChannel, type LiveChannelOptions } from './live-channel.ts';

/** The regional copies to make: each channel's shifts from the schedules' zone, in minutes. An
 * added channel has the copies of the main channel of its kind. */
export interface ChannelShifts {
  tv: readonly number[];
  radio: readonly number[];
}

const mainOfKind: Record<ChannelKind, LiveChannelName> = { video: 'tv', audio: 'radio' };

/** A channel the site airs: what it is called, its live channel and its copies. */
export interface AiredChannel {
  ref: ChannelRef;
  name: string;
  /** Its logo under DATA_DIR/media, or null for the site's own. */
  logo: string | null;
  live: LiveChannel;
  copies: LiveChannel[];
}

export interface LiveChannelsOptions {
  db: Db;
  mediaDir: string | undefined;
  timeZone: string;
  shifts?: ChannelShifts;
  rewindMs?: number;
  planTtlMs?: number;
  aheadMs?: number;
  fillerReady?: Promise<unknown>;
  onError?: (error: unknown, what: string) => void;
  onScheduleTaken?: LiveChannelOptions['onScheduleTaken'];
}

export class LiveChannels {
  readonly tv: LiveChannel;
  readonly radio: LiveChannel;
  /** The main channels' regional copies (LiveChannelOptions.copyOf), in the order of their shifts. */
  readonly copies: { tv: LiveChannel[]; radio: LiveChannel[] };
  /** Grows by one each time a channel is added: what is made of the list is made again. */
  version = 0;
  private readonly options: LiveChannelsOptions;
  private readonly aired = new Map<string, AiredChannel>();
  private started: ((channel: LiveChannel) => void) | undefined;

  constructor(options: LiveChannelsOptions) {
    this.options = options;
    const tv = this.make(mainChannels.tv, 'Эфир', null);
    const radio = this.make(mainChannels.radio, 'Радио «Эфир»', null);
    this.tv = tv.live;
    this.radio = radio.live;
    this.copies = { tv: tv.copies, radio: radio.copies };
  }

  private make(ref: ChannelRef, name: string, logo: string | null): AiredChannel {
    const { shifts, ...shared } = this.options;
    const { db } = shared;
    const schedule: ScheduleSource = {
      day: (date) => liveScheduleDay(db, ref, date),
      daysWith: (mediaId, until) => scheduledDays(db, ref, mediaId, until),
    };
    const options: LiveChannelOptions = { ...shared, channel: ref, schedule };
    const live = new LiveChannel(options);
    const copies = (shifts?.[mainOfKind[ref.kind]] ?? []).map(
      (shift) => new LiveChannel({ ...options, copyOf: { channel: live, shiftMs: shift * 60_000 } }),
    );
    const entry = { ref, name, logo, live, copies };
    this.aired.set(ref.slug, entry);
    return entry;
  }

  /** Every channel the site airs, the main two first, then the added ones as they were added
   * (each is placed after the others). */
  list(): AiredChannel[] {
    return [...this.aired.values()];
  }

  /** The channel with this slug, if the site airs it. */
  find(slug: string): AiredChannel | undefined {
    return this.aired.get(slug);
  }

  /**
   * Reads the channels' table: names the main channels as stored and airs every channel added
   * since the last read (started at once when the others are). Answers the channels it added.
   */
  async refresh(): Promise<AiredChannel[]> {
    const added: AiredChannel[] = [];
    for (const row of await channelRows(this.options.db)) {
      const known = this.aired.get(row.slug);
      if (known !== undefined) {
        known.name = row.name;
        known.logo = row.logo;
        continue;
      }
      const entry = this.make({ slug: row.slug, kind: row.kind }, row.name, row.logo);
      added.push(entry);
      for (const channel of [entry.live, ...entry.copies]) this.started?.(channel);
    }
    // What is made of the list (the stream paths) is made again.
    if (added.length > 0) this.version += 1;
    return added;
  }

  /** Starts every channel with `start`, and each one added later as it comes. */
  startAll(start: (channel: LiveChannel) => void): void {
    this.started = start;
    for (const channel of allChannels(this)) start(channel);
  }
}

export function createLiveChannels(options: LiveChannelsOptions): LiveChannels {
  return new LiveChannels(options);
}

/** Every live channel the site airs: each channel, then the copies. */
export const allChannels = (live: LiveChannels): LiveChannel[] => {
  const channels = live.list();
  return [...channels.map((entry) => entry.live), ...channels.flatMap((entry) => entry.copies)];
};

export interface UpcomingMedia {
  channel: ChannelRef;
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
  const key = (entry: UpcomingMedia): string => `${entry.channel.kind}:${entry.mediaId}`;
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

/** What airs from t on, on every channel, in the order its media are best made (orderForAiring). */
export async function upcomingMedia(live: LiveChannels, t: number, dates: readonly string[]): Promise<UpcomingMedia[]> {
  const upcoming: UpcomingMedia[] = [];
  for (const { ref: channel, live: aired } of live.list()) {
    for (const date of dates) {
      const plan = await aired.plan(date);
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
