// What airs at an instant, from the day plans and the aired log's entry then: pure functions that
// the live calls (live-channel.ts `onAirAt`), the programmes of the IPTV guide (`programmes`) and
// the regional copies (`movedPlan`) share, so the guide says what the calls say.
import type { LiveScheduleDay } from '../repositories/live.ts';
import { type AiredEntry, maxPullMs } from './aired.ts';
import { addDays } from '../lib/clock.ts';
import { type AiredItem, type DayTimeline, type OnAir, onAirAt, type ScheduledItem, slotAt } from './timeline.ts';

export interface DayPlan {
  schedule: LiveScheduleDay;
  /** The schedule's items as the timeline was built from them (their segments). */
  items: readonly ScheduledItem[];
  timeline: DayTimeline;
  /** When the day's broadcast ends: its timeline's end, or the next day's start if that is sooner. */
  end: number;
}

/** An item's time on air (ms), with the day it belongs to. */
export interface AiredProgramme {
  plan: DayPlan;
  itemIndex: number;
  start: number;
  end: number;
}

export interface OnAirNow {
  plan: DayPlan;
  onAir: OnAir;
}

/** A day plan moved along the clock by `deltaMs`: what a regional copy airs for that day. */
export function movedPlan(plan: DayPlan, deltaMs: number): DayPlan {
  const { timeline } = plan;
  return {
    ...plan,
    end: plan.end + deltaMs,
    timeline: {
      ...timeline,
      start: timeline.start + deltaMs,
      end: timeline.end + deltaMs,
      entries: timeline.entries.map((entry) => ({ ...entry, start: entry.start + deltaMs })),
      aired: timeline.aired.map((slot) => ({
        ...slot,
        start: slot.start + deltaMs,
        end: slot.end + deltaMs,
        mediaFrom: slot.mediaFrom === null ? null : slot.mediaFrom + deltaMs,
      })),
    },
  };
}

interface PlanIndex {
  byId: Map<number, number>;
  slots: Map<number, AiredItem>;
  /** The items that air each segment (by URI; the filler's are left out). */
  bySegment: Map<string, number[]>;
}

/** A plan's items by id, its slots by item and its items by segment, made once per plan. */
const planIndexes = new WeakMap<DayPlan, PlanIndex>();

function planIndex(plan: DayPlan): PlanIndex {
  let index = planIndexes.get(plan);
  if (index === undefined) {
    const bySegment = new Map<string, number[]>();
    for (const entry of plan.timeline.entries) {
      if (entry.itemIndex === null) continue;
      const items = bySegment.get(entry.uri) ?? [];
      if (!items.includes(entry.itemIndex)) items.push(entry.itemIndex);
      bySegment.set(entry.uri, items);
    }
    index = {
      byId: new Map(plan.schedule.items.map((item, i) => [item.id, i])),
      slots: new Map(plan.timeline.aired.map((slot) => [slot.itemIndex, slot])),
      bySegment,
    };
    planIndexes.set(plan, index);
  }
  return index;
}

/** Where the log and the schedule part: what airs at an instant and, while the log still airs what
 * the schedule no longer has there (an edit not yet joined), the schedule's slot that joins. */
export interface Airing {
  plan: DayPlan;
  /** The item airing, or null in a gap of the day (or until an edit joins). */
  slot: AiredItem | null;
  /** The schedule's item at that instant when the log does not air it yet: it joins at the log's
   * frontier, so it is next, not on the air. */
  joining?: AiredItem;
}

/** The medium of a schedule item the node has seen in a plan lately (see DayPlans.mediumOf). */
export type MediumOf = (itemId: number) => number | undefined;

/** The item of `plan` that airs the log's item entry: the same item (its id, until a save writes
 * the items anew), else an item airing the same segment (the same programme, moved by the edit:
 * its segments are on the air), else an item of the same medium (its media replaced since); the
 * one placed nearest if the day airs it twice; undefined when the plan no longer airs it. */
function itemOfEntry(plan: DayPlan, entry: AiredEntry & { itemId: number }, mediumOf: MediumOf): number | undefined {
  const index = planIndex(plan);
  const byId = index.byId.get(entry.itemId);
  if (byId !== undefined) return byId;
  const place = entry.start - entry.offset;
  const distance = (item: number): number => Math.abs((index.slots.get(item)?.start ?? Infinity) - place);
  const nearest = (items: number[]): number | undefined =>
    items.reduce<number | undefined>(
      (best, item) => (best === undefined || distance(item) < distance(best) ? item : best),
      undefined,
    );
  const bySegment = nearest(index.bySegment.get(entry.uri) ?? []);
  if (bySegment !== undefined) return bySegment;
  const medium = mediumOf(entry.itemId);
  if (medium === undefined) return undefined;
  return nearest(plan.schedule.items.flatMap((item, i) => (item.mediaId === medium && index.slots.has(i) ? [i] : [])));
}

/**
 * What airs at t, given the log's entry airing then (undefined: the memory cannot say) and the
 * day plans. Where the log says, it decides: the item of the schedule as it is now that airs the
 * entry; its filler, a gap or the slot of an item whose media were not there yet; anything the
 * schedule no longer airs there (an edit not yet joined), a gap, with the schedule's item then as
 * joining. The calls thereby never name an item whose segments are not on the air. Where the log
 * cannot say, the schedule tells. The item's slot, or null in a gap; undefined outside any day's
 * broadcast. The schedule is read at the log's place in it (`placeOf`): after a join the channel
 * airs a little off its timeline.
 */
export function airingAt(
  entry: AiredEntry | undefined,
  t: number,
  today: string,
  planOf: (date: string) => DayPlan | undefined,
  mediumOf: MediumOf = () => undefined,
): Airing | undefined {
  const plan = entry === undefined ? undefined : planOf(entry.day);
  if (entry !== undefined && plan !== undefined) {
    const itemIndex =
      entry.itemId === null ? undefined : itemOfEntry(plan, { ...entry, itemId: entry.itemId }, mediumOf);
    const slot = itemIndex === undefined ? undefined : planIndex(plan).slots.get(itemIndex);
    if (slot !== undefined) return { plan, slot };
    const place = placeOf(entry, t);
    const found = slotAt(plan.timeline, place);
    // The filler in a gap of the day: nothing is on the air.
    if (entry.itemId === null && found === null) return { plan, slot: null };
    const scheduled = found ?? undefined;
    const withoutMedia = scheduled !== undefined && (scheduled.mediaFrom === null || place < scheduled.mediaFrom);
    if (entry.itemId === null && withoutMedia) return { plan, slot: scheduled };
    if (entry.itemId !== null || scheduled !== undefined) {
      // The filler the log airs to come back to its timeline (up to `maxPullMs` ahead of it) falls
      // in the last seconds of the slot before: that item has aired, it is not joining.
      const joins = !withoutMedia && scheduled !== undefined && scheduled.end - place > maxPullMs;
      return { plan, slot: null, ...(joins ? { joining: scheduled } : {}) };
    }
  }
  for (const date of [today, addDays(today, -1)]) {
    const day = planOf(date);
    if (day === undefined || t >= day.end) continue;
    const slot = slotAt(day.timeline, t);
    if (slot !== undefined) return { plan: day, slot };
  }
  return undefined;
}

/** The instant of the timeline that airs at t: t less how far the log airs off it then. */
function placeOf(entry: AiredEntry | undefined, t: number): number {
  return entry === undefined ? t : t - entry.offset;
}

/** `airingAt` with the offset into the item (or the gap) and the items still to come that day. */
export function onAirFrom(
  entry: AiredEntry | undefined,
  t: number,
  today: string,
  planOf: (date: string) => DayPlan | undefined,
  mediumOf?: MediumOf,
): OnAirNow | undefined {
  const airing = airingAt(entry, t, today, planOf, mediumOf);
  if (airing === undefined) return undefined;
  const { plan, slot, joining } = airing;
  const onAir = onAirAt(plan.timeline, placeOf(entry, t), slot) ?? { itemIndex: null, offset: 0, next: [] };
  if (joining === undefined) return { plan, onAir };
  return { plan, onAir: { ...onAir, next: [joining.itemIndex, ...onAir.next.filter((i) => i !== joining.itemIndex)] } };
}
