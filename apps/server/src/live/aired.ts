// The aired log: what a channel has put on the air, segment by segment, numbered once and never
// changed. The day timelines say what the schedule wants now; the log is what players may already
// hold. It is extended a little ahead of the clock from the timelines as they are at that moment,
// so a change of schedule or media joins after everything already listed, at the next segment
// boundary, with a discontinuity where the picture changes. Pure functions; the log is stored by
// repositories/aired.ts and kept in memory by live-channel.ts.
import { endOf, lengthOf, type Segment, type TimelineEntry, trimWithin } from './timeline.ts';

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
  /** Milliseconds it airs ahead of (negative) its place in the timeline (see continueAiring). */
  offset: number;
}

/** A timeline entry with the day and schedule item it belongs to. */
export interface ChannelEntry extends TimelineEntry {
  day: string;
  itemId: number | null;
}

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

/** A gap in the timeline up to this long is closed while on the air (see continueAiring). */
export const maxPullMs = 4000;

/**
 * The entries that continue the log after `last`, from the channel's timeline as it is now, up to
 * those that air by `until`, none before `frontier` (the log's end, or a later instant up to which
 * the channel was already found off the air).
 *
 * While the channel is on the air the log has no hole: each entry airs where the one before ends.
 * A player maps date-times onto its media timeline across discontinuities (hls.js does), so a gap
 * there would be a gap in its buffer and a stall. Where the timeline has one (a day ending where
 * the next begins, a fixed-time item within a frame of filler), the next entry is pulled back to
 * close it. A join after an edit cuts from segment to segment: the joined source airs from its
 * segment boundary nearest the join, so nothing but its own media airs there. Either way the
 * channel then airs a little off its timeline (`offset`: up to half a segment after a join, up to
 * `maxPullMs` ahead after a pull). It comes back where that costs no picture: in a run of
 * filler, by airing whole filler segments more (ahead) or fewer (behind) and a trim for the
 * fraction (before a filler segment, or in its place), and before a fixed start, which is never
 * late: the segments that would still air at that time are cut and the filler and a trim bring
 * it to the frame. A gap longer than `maxPullMs` is time off the air, and off
 * the air is left only after such a gap. An entry keeps the timeline's discontinuity only where it
 * follows `last` in the timeline too; anything else is a change of source. With no `last`, the log
 * starts here, numbered from 0.
 */
export function continueAiring(
  last: AiredEntry | undefined,
  frontier: number,
  timeline: readonly ChannelEntry[],
  until: number,
  filler: readonly Segment[] = [],
  trims: readonly Segment[] = [],
): AiredEntry[] {
  const out: AiredEntry[] = [];
  let before: AiredEntry | undefined = last;
  /** Where the air ends while it goes on without a break, else undefined. */
  let airEnd = last !== undefined && frontier <= endOf(last) ? endOf(last) : undefined;
  let offset = airEnd === undefined ? 0 : (last?.offset ?? 0);
  let i: number;
  let follows = false;
  // The last entry's place in the timeline: where it aired, less how far ahead it aired.
  const at = last === undefined ? -1 : firstStartingAt(timeline, last.start - last.offset);
  const found = at >= 0 ? timeline[at] : undefined;
  const lastInTimeline =
    last !== undefined &&
    found?.uri === last.uri &&
    found.duration === last.duration &&
    found.start === last.start - last.offset;
  if (airEnd !== undefined && lastInTimeline) {
    i = at + 1;
    follows = true;
  } else if (airEnd !== undefined) {
    i = joinAt(timeline, airEnd - offset);
  } else {
    // Off the air since `last` ended, the channel comes back only after a gap longer than
    // `maxPullMs`: a shorter one is a hole a player stalls in, and the air before the frontier is
    // decided, so nothing can be pulled back into it.
    const back = last === undefined ? frontier : Math.max(frontier, endOf(last) + maxPullMs + 1);
    i = firstStartingAt(timeline, back);
    // A log that aired ahead of its timeline and then found nothing more has a frontier past its
    // end but short of its timeline's: what it aired ahead is never aired again.
    if (lastInTimeline) i = Math.max(i, at + 1);
  }
  /** An entry of the timeline was left out just before: the next one is a change of source. */
  let skipped = false;
  const air = (
    segment: Segment & { day: string; itemId: number | null },
    start: number,
    discontinuity: boolean,
  ): void => {
    const base = before ?? freshLogBase;
    const entry: AiredEntry = {
      sequence: base.sequence + 1,
      discontinuitySequence: base.discontinuitySequence + (discontinuity ? 1 : 0),
      start,
      duration: segment.duration,
      uri: segment.uri,
      discontinuity,
      day: segment.day,
      itemId: segment.itemId,
      offset,
    };
    out.push(entry);
    before = entry;
    airEnd = endOf(entry);
    skipped = false;
  };
  for (; i < timeline.length; i += 1) {
    const entry = timeline[i] as ChannelEntry;
    let discontinuity =
      skipped || (out.length === 0 ? last !== undefined && (!follows || entry.discontinuity) : entry.discontinuity);
    let start = entry.start + offset;
    if (airEnd !== undefined && start - airEnd > maxPullMs) {
      // Off the air in between: the channel comes back on its timeline.
      airEnd = undefined;
      offset = 0;
      start = entry.start;
      discontinuity = last !== undefined || out.length > 0;
    }
    if (airEnd !== undefined && start !== airEnd) {
      offset -= start - airEnd;
      start = airEnd;
      discontinuity = true;
    }
    if (start > until) break;
    if (airEnd !== undefined && offset > 0 && catchesUp(timeline, i, offset)) {
      offset -= lengthOf(entry);
      skipped = true;
      continue;
    }
    if (airEnd !== undefined && filler.length > 0 && (entry.fixed === true || entry.itemId === null)) {
      // Back to the timeline, to within a second, with whole filler segments…
      for (let k = 0; offset + lengthOf(filler[k % filler.length] as Segment) <= 0; k += 1) {
        const segment = filler[k % filler.length] as Segment;
        offset += lengthOf(segment);
        air({ ...segment, day: entry.day, itemId: null }, airEnd, k === 0);
        discontinuity = true;
      }
      // …then to the frame with a trim: before this entry when ahead, in place of this filler
      // segment when behind by less than it; never past the timeline, so at most a frame ahead.
      const length = lengthOf(entry);
      const trim = offset < 0 ? trimWithin(trims, -offset) : undefined;
      const instead = offset > 0 && entry.fixed !== true ? trimWithin(trims, length - offset) : undefined;
      if (trim !== undefined) {
        offset += lengthOf(trim);
        air({ ...trim, day: entry.day, itemId: null }, airEnd, true);
        discontinuity = true;
      } else if (instead !== undefined && length - lengthOf(instead) - offset < offset) {
        offset -= length - lengthOf(instead);
        air({ ...instead, day: entry.day, itemId: null }, airEnd, true);
        skipped = true;
        continue;
      }
      start = airEnd;
    }
    air(entry, start, discontinuity);
  }
  return out;
}

/**
 * Where a join airs from, `place` being the instant of the timeline it falls at: the entry that
 * starts at or after it, or the one it falls within when that one's start is nearer and it is
 * media (the join then airs a segment's worth more of the joined item rather than slate).
 */
function joinAt(timeline: readonly ChannelEntry[], place: number): number {
  const next = firstStartingAt(timeline, place);
  const within = timeline[next - 1];
  if (within === undefined || within.itemId === null || endOf(within) <= place) return next;
  const after = timeline[next];
  const nearer = after === undefined || place - within.start < after.start - place;
  return nearer && after?.fixed !== true ? next - 1 : next;
}

/**
 * Whether the channel, `offset` ms behind its timeline, leaves out entry `i`: a filler segment
 * that is no longer than that, or anything that would still air at a fixed start's time.
 */
function catchesUp(timeline: readonly ChannelEntry[], i: number, offset: number): boolean {
  const entry = timeline[i] as ChannelEntry;
  if (entry.fixed === true) return false;
  const end = endOf(entry) + offset;
  for (let k = i + 1; k < timeline.length && (timeline[k] as ChannelEntry).start < end; k += 1) {
    if ((timeline[k] as ChannelEntry).fixed === true) return true;
  }
  return entry.itemId === null && lengthOf(entry) <= offset;
}

/** The frontier after appending `added`: the later of `until` and the end of what was added. */
export function frontierAfter(added: readonly AiredEntry[], until: number): number {
  const last = added.at(-1);
  return last === undefined ? until : Math.max(until, endOf(last));
}
