// A day's timeline as the schedule editor shows it: each item's time on the air, the slate before
// it, what a later fixed start cuts, whether its media are there. Read off the timeline the
// channel airs (timeline.ts), never worked out again.
import { type DayTimeline, onAirAt, type ScheduledItem } from './timeline.ts';

export type OutlineWhy = 'airs' | 'draft' | 'no-length' | 'pushed-out' | 'after-end';

export interface OutlineRow {
  index: number;
  airs: boolean;
  why: OutlineWhy;
  start: number | null;
  end: number | null;
  plannedSeconds: number;
  cutSeconds: number;
  gapBeforeSeconds: number;
  media: 'ready' | 'late' | 'missing';
}

export interface DayOutline {
  start: number;
  end: number;
  cutByNextDay: boolean;
  rows: OutlineRow[];
  gaps: { start: number; end: number }[];
  airsFrom: number | null;
  joinsWith: { index: number | null; offsetSeconds: number } | null;
}

/** Slate shorter than this between two items is the filler's rounding, not a gap worth a mark. */
const gapMarkMs = 1000;
/** A cut shorter than this is the segments' rounding. */
const cutMarkSeconds = 0.05;

const hasMedia = (item: ScheduledItem): boolean => item.readyAt !== null && item.segments.length > 0;

/** An item's whole length: its media's, or the listed one while it has none. */
export function plannedSeconds(item: ScheduledItem): number {
  return hasMedia(item) ? item.segments.reduce((sum, segment) => sum + segment.duration, 0) : item.durationSeconds;
}

/**
 * The outline of a day's timeline (built from `items`), over its broadcast up to `end` (the next
 * day's start may cut it). `decided`: up to when the channel's air is already decided (the day is
 * on the air), so a change airs from then on; undefined when the day is not on the air.
 */
export function outlineDay(
  timeline: DayTimeline,
  items: readonly ScheduledItem[],
  end: number,
  decided: number | undefined,
): DayOutline {
  const aired = new Map(timeline.aired.map((entry) => [entry.itemIndex, entry]));
  const rows: OutlineRow[] = [];
  const gaps: { start: number; end: number }[] = [];
  let previousEnd = timeline.start;
  items.forEach((item, index) => {
    const planned = plannedSeconds(item);
    const base = { index, plannedSeconds: planned, cutSeconds: 0, gapBeforeSeconds: 0 };
    const media = hasMedia(item) ? 'ready' : 'missing';
    const entry = aired.get(index);
    const why: OutlineWhy | undefined =
      item.draft === 2
        ? 'draft'
        : !hasMedia(item) && !(item.durationSeconds > 0)
          ? 'no-length'
          : entry === undefined
            ? 'pushed-out'
            : entry.start >= end
              ? 'after-end'
              : undefined;
    if (why !== undefined || entry === undefined) {
      rows.push({ ...base, airs: false, why: why ?? 'pushed-out', start: null, end: null, media });
      return;
    }
    const stop = Math.min(entry.end, end);
    const gap = entry.start - previousEnd;
    if (gap >= gapMarkMs) gaps.push({ start: previousEnd, end: entry.start });
    const cut = planned - (stop - entry.start) / 1000;
    rows.push({
      ...base,
      airs: true,
      why: 'airs',
      start: entry.start,
      end: stop,
      cutSeconds: cut >= cutMarkSeconds ? cut : 0,
      gapBeforeSeconds: Math.max(0, gap / 1000),
      media: entry.mediaFrom === null ? 'missing' : entry.mediaFrom > entry.start ? 'late' : 'ready',
    });
    previousEnd = stop;
  });
  const airsFrom = decided !== undefined && decided < end ? Math.max(decided, timeline.start) : null;
  const joins = airsFrom === null ? undefined : onAirAt(timeline, airsFrom);
  return {
    start: timeline.start,
    end: Math.min(timeline.end, end),
    cutByNextDay: end < timeline.end,
    rows,
    gaps,
    airsFrom,
    joinsWith: joins === undefined ? null : { index: joins.itemIndex, offsetSeconds: joins.offset },
  };
}
