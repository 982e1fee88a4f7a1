// The viewers' clock of a live channel, without a player: the instant a player joining its live
// playlist shows (`livePictureAt`), read each target duration and run on between readings. The
// timeline's «now» follows it, so the editor sees the air where the viewers see it, seconds
// behind the wall clock.
import { livePictureAt } from '@efir/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callKey, studio } from './api.ts';

/** Where each channel's live playlist is: the media port and the path viewers get. */
const airQuery = queryOptions({
  queryKey: callKey('onAir', { query: {} }),
  queryFn: ({ signal }) => studio('onAir', { query: {}, signal }),
  staleTime: 60_000,
});

/** A reading of the playlist: the picture's instant then, and the wall clock's. */
interface Reading {
  picture: number;
  at: number;
}

/** The instant the viewers of `channel` see now, or undefined while it is not known (or `off`). */
export function usePictureClock(channel: string, off = false): number | undefined {
  const air = useQuery({ ...airQuery, enabled: !off });
  const playlist = air.data?.channels.find((entry) => entry.channel === channel)?.playlist;
  const url =
    air.data === undefined || playlist === undefined
      ? undefined
      : `${window.location.protocol}//${window.location.hostname}:${String(air.data.mediaPort)}${playlist}`;
  const [reading, setReading] = useState<Reading>();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (url === undefined || off) return undefined;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** The media playlist read: a video channel's master names one per rung, any of which tells. */
    let media = url;
    const read = async (): Promise<void> => {
      let wait = 2000;
      try {
        let text = await (await fetch(media, { cache: 'no-store', signal: controller.signal })).text();
        const rung = /^#EXT-X-STREAM-INF:.*\n(\S+)/mu.exec(text)?.[1];
        if (rung !== undefined) {
          media = new URL(rung, media).toString();
          text = await (await fetch(media, { cache: 'no-store', signal: controller.signal })).text();
        }
        const picture = livePictureAt(text);
        if (picture !== undefined) setReading({ picture, at: Date.now() });
        const target = /^#EXT-X-TARGETDURATION:(\d+)/mu.exec(text);
        if (target !== null) wait = Number(target[1]) * 1000;
      } catch {
        // Off the air or unreachable a moment: the last reading runs on, and it is read again.
      }
      if (!controller.signal.aborted) timer = setTimeout(() => void read(), wait);
    };
    void read();
    const tick = setInterval(() => {
      setNow(Date.now());
    }, 1000);
    return () => {
      controller.abort();
      clearTimeout(timer);
      clearInterval(tick);
    };
  }, [url, off]);
  return reading === undefined || off ? undefined : reading.picture + Math.max(0, now - reading.at);
}
