// The rules of a rewound live player, as plain functions: how far its seek bar reaches, where a
// seek lands, and when a rewound stream asks again from where it plays.
import { addDays, dateIn, instantOf } from '@efir/contract';

/** The seek bar keeps this far from the window's oldest instant, which moves on as it is shown. */
export const oldestGuardMs = 15_000;
/** A seek this near the live edge is a return to live. */
export const liveSnapMs = 12_000;
/** A rewound stream whose picture is this near the oldest instant the channel keeps asks again
 * from where it plays: its playlist's start would soon be refused. */
export const reanchorMs = 5 * 60_000;

/** The instants the seek bar spans at `now`. */
export function seekBounds(now: number, rewindMs: number): { oldest: number; newest: number } {
  return { oldest: now - rewindMs + oldestGuardMs, newest: now };
}

/** Where a seek to `target` starts the stream: an instant within the window, or undefined for live. */
export function seekFrom(target: number, now: number, rewindMs: number): number | undefined {
  if (target >= now - liveSnapMs) return undefined;
  const { oldest } = seekBounds(now, rewindMs);
  return Math.floor(Math.max(target, oldest) / 1000) * 1000;
}

/** The instant a player shows, read the moment it is asked for (a value kept from the player's
 * last report would be up to its period stale): the last one read stands while the player is
 * paused or between streams, until it is forgotten. */
export interface PictureReader {
  playing: () => number | undefined;
  /** Reads from `read` from now on (none: the last instant stands); `forget` drops the last. */
  follow: (read: (() => number | undefined) | undefined, forget?: boolean) => void;
}

export function createPictureReader(): PictureReader {
  let read: () => number | undefined = () => undefined;
  let last: number | undefined;
  return {
    playing: () => {
      const at = read();
      if (at !== undefined) last = at;
      return last;
    },
    follow: (next, forget = false) => {
      read = next ?? (() => undefined);
      if (forget) last = undefined;
    },
  };
}

/** Whether a rewound stream playing `playing` must ask again from there. */
export function mustReanchor(playing: number, now: number, rewindMs: number): boolean {
  return playing < now - rewindMs + reanchorMs;
}

/** `-1:02:03`, `-4:05`: how far the picture is behind the live edge. */
export function behindText(playing: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - playing) / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number): string => String(n).padStart(2, '0');
  return h > 0 ? `−${String(h)}:${two(m)}:${two(s)}` : `−${String(m)}:${two(s)}`;
}

/** A programme may start this much after the instant it is looked up from (a channel airs up to
 * a few seconds ahead of its schedule; a picture's date comes once a second). */
const startSlackMs = 60_000;

/**
 * The instant a programme that plays at `reference` started, from its start time on the
 * schedules' clock (HH:mm:ss): the last instant with that time at or before `reference` (or just
 * after it), read on a regional copy's clock `shiftMinutes` ahead.
 */
export function programmeStartBefore(time: string, reference: number, timeZone: string, shiftMinutes = 0): number {
  const shiftMs = shiftMinutes * 60_000;
  const date = dateIn(timeZone, new Date(reference + shiftMs));
  const sameDay = instantOf(timeZone, date, time) - shiftMs;
  return sameDay <= reference + startSlackMs ? sameDay : instantOf(timeZone, addDays(date, -1), time) - shiftMs;
}
