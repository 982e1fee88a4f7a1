// What every channel airs at an instant, with names: the item on air and the next few, said once
// for the studio's on-air desk and the public switcher between channels.
import { channelPlaylistPath, type ChannelRef, isMainChannel } from '@efir/contract';
import type { Db } from '../db/database.ts';
import type { LiveChannels } from '../live/live-channels.ts';
import { scheduleMediaRows } from '../repositories/studio-schedule.ts';

export interface AiredItem {
  name: string;
  mediaId: number;
  /** Its subtitles' languages (the live channel carries them). */
  subtitles: string[];
  /** Milliseconds since the Unix epoch. */
  start: number;
  end: number;
}

export interface ChannelNow {
  channel: ChannelRef;
  name: string;
  main: boolean;
  logo: string | null;
  /** The live playlist's path on the media port. */
  playlist: string;
  /** The day on air (YYYY-MM-DD), or null off the air. */
  date: string | null;
  now: AiredItem | null;
  /** Up to `nextCount` items after it, in the day on air. */
  next: AiredItem[];
}

export async function onAirNow(db: Db, live: LiveChannels, t: number, nextCount = 3): Promise<ChannelNow[]> {
  return Promise.all(
    live.list().map(async ({ ref: channel, name, logo, live: aired }) => {
      const now = await aired.onAirAt(t);
      const items = now?.plan.schedule.items ?? [];
      const dayEnd = now?.plan.end;
      const names = await scheduleMediaRows(
        db,
        channel.kind,
        items.map((item) => item.mediaId),
      );
      const at = (index: number): AiredItem | undefined => {
        const item = items[index];
        const slot = now?.plan.timeline.aired.find((entry) => entry.itemIndex === index);
        if (item === undefined || slot === undefined) return undefined;
        return {
          name: names.get(item.mediaId)?.name ?? '',
          mediaId: item.mediaId,
          subtitles: names.get(item.mediaId)?.subtitles ?? [],
          start: slot.start,
          end: Math.min(slot.end, dayEnd ?? slot.end),
        };
      };
      const index = now?.onAir.itemIndex;
      return {
        channel,
        name,
        main: isMainChannel(channel.slug),
        logo,
        playlist: channelPlaylistPath(channel),
        date: now?.plan.schedule.day ?? null,
        now: (index === null || index === undefined ? undefined : at(index)) ?? null,
        next: (now?.onAir.next ?? []).slice(0, nextCount).flatMap((entry) => at(entry) ?? []),
      };
    }),
  );
}
