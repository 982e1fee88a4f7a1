// Where in a day's list an item goes when the editor asks for a time rather than a place: the
// list has no times of its own, so each is read off the timeline the channel computed for it.
import { instantOf, type ScheduleTimeline } from '@efir/contract';

/** Where a new item goes: the end of the day, at a time, or next after what is on the air. */
export type Placement = { at: 'end' } | { at: 'time'; time: string } | { at: 'next' };

/** The instant a clock time (HH:mm[:ss]) falls within the day that starts at `start`: the
 * first such instant at or after the day's start, so 01:30 in a day starting at 06:00 is the
 * night after. */
export function dayInstant(timeline: Pick<ScheduleTimeline, 'zone' | 'start'>, date: string, time: string): number {
  const clock = time.length === 5 ? `${time}:00` : time;
  const sameDate = instantOf(timeline.zone, date, clock);
  if (sameDate >= timeline.start) return sameDate;
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return instantOf(timeline.zone, next, clock);
}

/** The place in a list of `count` items at which an item put in airs from the first item
 * boundary at or after `at`: before the first airing item that starts then or later. */
export function placeAtInstant(
  timeline: { rows: readonly Pick<ScheduleTimeline['rows'][number], 'airs' | 'start' | 'index'>[] },
  count: number,
  at: number,
): number {
  const first = timeline.rows
    .filter((row) => row.airs && row.start !== null && row.start >= at && row.index < count)
    .reduce<number | null>((best, row) => (best === null || row.index < best ? row.index : best), null);
  return first ?? count;
}

/** The place right after the item the channel airs when a save goes on the air; before the
 * next item where that moment is slate; null where the day is not on the air. */
export function placeNext(timeline: Pick<ScheduleTimeline, 'rows' | 'airsFrom' | 'joinsWith'>, count: number) {
  if (timeline.airsFrom === null) return null;
  const joined = timeline.joinsWith?.index ?? null;
  return joined === null ? placeAtInstant(timeline, count, timeline.airsFrom) : Math.min(joined + 1, count);
}

/** The list with `item` put in at `place`. */
export function insertAt<T>(items: readonly T[], place: number, item: T): T[] {
  const at = Math.max(0, Math.min(place, items.length));
  return [...items.slice(0, at), item, ...items.slice(at)];
}

export interface PlacementChoice {
  placement: Placement;
  /** A time placement is also the item's fixed start. */
  fixed: boolean;
}

/** The place in a list of `count` a choice gives on this timeline; the end where it cannot tell. */
export function placeFor(
  choice: PlacementChoice,
  timeline: ScheduleTimeline | undefined,
  date: string,
  count: number,
): number {
  const { placement } = choice;
  if (timeline === undefined || placement.at === 'end') return count;
  if (placement.at === 'next') return placeNext(timeline, count) ?? count;
  return placement.time === '' ? count : placeAtInstant(timeline, count, dayInstant(timeline, date, placement.time));
}

/** The fixed start (HH:mm:ss) a choice gives the item it places, or none. */
export function fixedStartOf(choice: PlacementChoice): string | null {
  const { placement } = choice;
  if (!choice.fixed || placement.at !== 'time' || placement.time === '') return null;
  return placement.time.length === 5 ? `${placement.time}:00` : placement.time;
}
