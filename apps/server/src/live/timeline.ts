// A channel's day as a list of media segments on the wall clock: a pure function of the day's
// schedule, each item's segments and the filler clip. Items play back to back from the day's
// start; an item with its own start time starts then (a gap before it is filled with the looped
// filler, an overrun of the item before is cut); items with draft 2 never air; an item without
// media keeps its listed slot, filled with the filler; after the last item the day is over.
// This is the schedule as known now; what has already aired is kept by the aired log
// (aired.ts), which joins a changed timeline only after what players may hold.
import { instantOf } from '../lib/clock.ts';

export interface Segment {
  uri: string;
  /** Seconds. */
  duration: number;
  /** The media's own change of source before this segment (its playlist's `#EXT-X-DISCONTINUITY`:
   * a demo item's clip starting again); a change of source between items is the timeline's. */
  discontinuity?: boolean;
}

export interface ScheduledItem {
  /** The schedule item's id. */
  id: number;
  /** HH:mm:ss on the day's wall clock, or null to follow the item before. */
  fixedStart: string | null;
  draft: number;
  /** The listed duration (seconds): the slot's length while the item has no media. */
  durationSeconds: number;
  /** When the media became ready (ms since the epoch), or null when there are none yet. */
  readyAt: number | null;
  /** The media's segments; empty while there are none. */
  segments: readonly Segment[];
}

export interface DaySchedule {
  /** YYYY-MM-DD in the schedules' time zone. */
  date: string;
  /** HH:mm:ss: when the day's first item starts. */
  startsAt: string;
  items: readonly ScheduledItem[];
}

export interface TimelineEntry {
  /** Milliseconds since the Unix epoch. */
  start: number;
  duration: number;
  uri: string;
  /** The position of the item in the day's schedule, or null for filler. */
  itemIndex: number | null;
  /** What the segment comes from: `item#<index>`, or `filler#<pass>` (each pass of the loop). */
  source: string;
  /**
   * True where the source changes from the entry before (a new item, the filler restarting, an
   * item's media marking one of their own) or where the wall clock jumps: within one run of
   * entries without it, date-times are continuous.
   */
  discontinuity: boolean;
  /** Set on an entry that must air at its time: the day's first and a fixed start's first. The
   * aired log may drift from its timeline after a join (aired.ts), never past one of these. */
  fixed?: true;
}

export interface AiredItem {
  itemIndex: number;
  start: number;
  end: number;
  /** When the item's media were there in its slot (from its start, or from when they became
   * ready), or null when they were not before the slot ended. */
  mediaFrom: number | null;
}

export interface DayTimeline {
  date: string;
  start: number;
  /** When the last segment ends: the day is over from here until the next day starts. */
  end: number;
  entries: TimelineEntry[];
  /** The items that air, in order, with their times on air. */
  aired: AiredItem[];
}

/**
 * The filler in longer segments: long segment j is the run of `perLong` short ones from
 * j × `perLong` (the same bytes, joined), so the two can follow each other within one pass.
 */
export interface LongFiller {
  segments: readonly Segment[];
  perLong: number;
}

/** A segment's length in whole milliseconds, as every instant on the air is counted. */
export const lengthOf = (segment: { duration: number }): number => Math.round(segment.duration * 1000);

/** When an entry on the air ends, in milliseconds since the epoch. */
export const endOf = (entry: { start: number; duration: number }): number => entry.start + lengthOf(entry);

/**
 * Of the filler's trims (pieces of 1, 2, 3… frames), the longest no longer than `ms`, or undefined
 * when none is that short: what fills a fraction of a second without passing its end, so a fixed
 * start is never late (at most a frame early).
 */
export function trimWithin(trims: readonly Segment[], ms: number): Segment | undefined {
  let longest: Segment | undefined;
  for (const trim of trims) {
    if (lengthOf(trim) <= ms && (longest === undefined || lengthOf(trim) > lengthOf(longest))) longest = trim;
  }
  return longest;
}

/**
 * The day's timeline. The filler's segments should be short (1 s): a gap is filled with whole
 * filler segments, and what is left of it, less than one, with the longest trim that fits it, so
 * a fixed-time item starts on its time to the frame. Where the filler also comes in long segments, a gap
 * takes them wherever one fits, so an hour of slate is a quarter as many entries, and its short
 * ones only for the last seconds.
 */
export function buildDayTimeline(
  day: DaySchedule,
  filler: readonly Segment[],
  timeZone: string,
  long?: LongFiller,
  trims: readonly Segment[] = [],
): DayTimeline {
  const start = instantOf(timeZone, day.date, day.startsAt);
  const entries: TimelineEntry[] = [];
  const aired: AiredItem[] = [];
  let cursor = start;
  let source: string | undefined;
  let fillerPass = 0;
  /** The next entry starts at a fixed time (the day's start or an item's). */
  let fixed = true;

  const push = (segment: Segment, itemIndex: number | null, key: string): void => {
    const last = entries.at(-1);
    entries.push({
      start: cursor,
      duration: segment.duration,
      uri: segment.uri,
      itemIndex,
      source: key,
      discontinuity: last !== undefined && (key !== source || endOf(last) !== cursor || segment.discontinuity === true),
      ...(fixed ? { fixed: true as const } : {}),
    });
    fixed = false;
    source = key;
    cursor += lengthOf(segment);
  };

  const fillUntil = (target: number): void => {
    if (filler.length === 0) {
      cursor = Math.max(cursor, target);
      return;
    }
    // i: where in the filler's loop the next segment starts, counted in its short segments.
    let i = 0;
    for (;;) {
      const longOne = long !== undefined && i % long.perLong === 0 ? long.segments[i / long.perLong] : undefined;
      const takesLong = longOne !== undefined && cursor + lengthOf(longOne) <= target;
      const segment = takesLong ? longOne : (filler[i] as Segment);
      if (cursor + lengthOf(segment) > target) break;
      if (i === 0) fillerPass += 1;
      push(segment, null, `filler#${fillerPass}`);
      i = (i + (takesLong ? (long as LongFiller).perLong : 1)) % filler.length;
    }
    const trim = trimWithin(trims, target - cursor);
    if (trim !== undefined) push(trim, null, `trim#${fillerPass}`);
  };

  day.items.forEach((item, itemIndex) => {
    if (item.draft === 2) return;
    const hasMedia = item.readyAt !== null && item.segments.length > 0;
    // A fixed time is a hard cut whatever the item's media: the item before ends there.
    if (!hasMedia && !(item.durationSeconds > 0) && item.fixedStart === null) return;
    if (item.fixedStart !== null) {
      const target = instantOf(timeZone, day.date, item.fixedStart);
      if (target < cursor) {
        // An overrun: whatever would still play at the fixed time is cut.
        while (entries.length > 0 && endOf(entries.at(-1) as TimelineEntry) > target) entries.pop();
        const last = entries.at(-1);
        cursor = last === undefined ? start : endOf(last);
        source = last?.source;
        while (aired.length > 0 && (aired.at(-1) as AiredItem).start >= cursor) aired.pop();
        const cut = aired.at(-1);
        if (cut !== undefined && cut.end > cursor) cut.end = cursor;
      }
      fillUntil(target);
      cursor = Math.max(cursor, target);
      fixed = true;
    }
    const itemStart = cursor;
    // Without media or a known length (its upload not even probed), the item has no slot yet.
    if (!hasMedia && !(item.durationSeconds > 0)) return;
    if (!hasMedia) {
      const slotEnd = itemStart + Math.round(item.durationSeconds * 1000);
      fillUntil(slotEnd);
      cursor = slotEnd;
      aired.push({ itemIndex, start: itemStart, end: cursor, mediaFrom: null });
      return;
    }
    for (const segment of item.segments) push(segment, itemIndex, `item#${itemIndex}`);
    const readyAt = item.readyAt as number;
    aired.push({
      itemIndex,
      start: itemStart,
      end: cursor,
      mediaFrom: readyAt < cursor ? Math.max(itemStart, readyAt) : null,
    });
  });

  return { date: day.date, start, end: cursor, entries, aired };
}

export interface OnAir {
  /** The item on the air, or null while the filler plays. */
  itemIndex: number | null;
  /** Seconds into the current item (or into the gap). */
  offset: number;
  /** The items still to come today, in order. */
  next: number[];
}

/** The slot of the item airing at instant `t`, null in a gap of the day (the filler), undefined
 * outside the day's broadcast. */
export function slotAt(timeline: DayTimeline, t: number): AiredItem | null | undefined {
  if (t < timeline.start || t >= timeline.end) return undefined;
  // The slots are in order and never overlap: the last one started by t, if it still runs.
  let low = 0;
  let high = timeline.aired.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((timeline.aired[middle] as AiredItem).start <= t) low = middle + 1;
    else high = middle;
  }
  const slot = timeline.aired[low - 1];
  return slot !== undefined && t < slot.end ? slot : null;
}

/** What airs at instant `t` (in `slot`, as `slotAt` finds it), or undefined outside the day's broadcast. */
export function onAirAt(timeline: DayTimeline, t: number, slot = slotAt(timeline, t)): OnAir | undefined {
  if (slot === undefined) return undefined;
  const next = timeline.aired.filter((item) => item.start > t).map((item) => item.itemIndex);
  if (slot === null) {
    const gapStart = timeline.aired.filter((item) => item.end <= t).at(-1)?.end ?? timeline.start;
    return { itemIndex: null, offset: (t - gapStart) / 1000, next };
  }
  return { itemIndex: slot.itemIndex, offset: (t - slot.start) / 1000, next };
}
