// The aired log: what a channel has put on the air, segment by segment, numbered once and never
// changed. The day timelines say what the schedule wants now; the log is what players may already
// hold. It is extended a little ahead of the clock from the timelines as they are at that moment,
// so a change of schedule or media joins after everything already listed, at the next segment
// boundary, with a discontinuity where the picture changes. Pure functions; the log is stored by
// repositories/aired.ts and kept in memory by live-channel.ts.
import type { TimelineEntry } from './timeline.ts';

export interface AiredEntry {
  /** The segment's media sequence number: one more than the entry before it in the log. */
  sequence: number;
  /** The changes of source up to and including this entry. */
  discontinuitySequence: number;
  /** Milliseconds since the Unix epoch. */
  start: number;
  /** Seconds, as the segment's EXTINF. */
  duration: number;
  uri: string;
  discontinuity: boolean;
  /** The day (YYYY-MM-DD) whose timeline the entry comes from. */
  day: string;
  /** The schedule item the entry belongs to, or null for the filler. */
  itemId: number | null;
}

/** A timeline entry with the day and schedule item it belongs to. */
export interface ChannelEntry extends TimelineEntry {
  day: string;
  itemId: number | null;
}

export const endOf = (entry: { start: number; duration: number }): number =>
  entry.start + Math.round(entry.duration * 1000);

/** The index of the first entry that starts at or after `t` (entries sorted by start). */
export function firstStartingAt(entries: readonly { start: number }[], t: number): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((entries[middle] as { start: number }).start < t) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The numbers before the first entry of a fresh log: it counts from 0. (Numbers as large as the
 * clock's seconds would be legal, but hls.js stalls on them after its first segment.)
 */
export const freshLogBase = { sequence: -1, discontinuitySequence: 0 } as const;

/**
 * The entries that continue the log after `last`, from the channel's timeline as it is now: those
 * that start at or after `frontier` (the log's end, or a later instant up to which the channel was
 * already found off the air) and no later than `until`. The first keeps the timeline's own
 * discontinuity only when it follows `last` in the timeline too; anything else is a change of
 * source. With no `last`, the log starts here, numbered from 0.
 */
export function continueAiring(
  last: AiredEntry | undefined,
  frontier: number,
  timeline: readonly ChannelEntry[],
  until: number,
): AiredEntry[] {
  const out: AiredEntry[] = [];
  let i = firstStartingAt(timeline, frontier);
  let before: { sequence: number; discontinuitySequence: number } | undefined = last;
  for (; i < timeline.length; i += 1) {
    const entry = timeline[i] as ChannelEntry;
    if (entry.start > until) break;
    let discontinuity = entry.discontinuity;
    if (out.length === 0) {
      const previous = timeline[i - 1];
      const follows =
        last !== undefined &&
        previous !== undefined &&
        previous.start === last.start &&
        previous.uri === last.uri &&
        previous.duration === last.duration &&
        endOf(last) === entry.start;
      discontinuity = last !== undefined && (!follows || entry.discontinuity);
    }
    const base = before ?? freshLogBase;
    const numbered: AiredEntry = {
      sequence: base.sequence + 1,
      discontinuitySequence: base.discontinuitySequence + (discontinuity ? 1 : 0),
      start: entry.start,
      duration: entry.duration,
      uri: entry.uri,
      discontinuity,
      day: entry.day,
      itemId: entry.itemId,
    };
    out.push(numbered);
    before = numbered;
  }
  return out;
}

/** The frontier after appending `added`: the later of `until` and the end of what was added. */
export function frontierAfter(added: readonly AiredEntry[], until: number): number {
  const last = added.at(-1);
  return last === undefined ? until : Math.max(until, endOf(last));
}
