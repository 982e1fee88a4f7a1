// What airs at an instant, from the day plans and the aired log's entry then: pure functions that
// the live calls (live-channel.ts `onAirAt`), the programmes of the IPTV guide (`programmes`) and
// the regional copies (`movedPlan`) share, so the guide says what the calls say.
import type { LiveScheduleDay } from '../repositories/live.ts';
import type { AiredEntry } from './aired.ts';
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

/** A plan's items by id and its slots by item, made once per plan. */
const planIndexes = new WeakMap<DayPlan, { byId: Map<number, number>; slots: Map<number, AiredItem> }>();

function planIndex(plan: DayPlan): { byId: Map<number, number>; slots: Map<number, AiredItem> } {
  let index = planIndexes.get(plan);
  if (index === undefined) {
    index = {
      byId: new Map(plan.schedule.items.map((item, i) => [item.id, i])),
      slots: new Map(plan.timeline.aired.map((slot) => [slot.itemIndex, slot])),
    };
    planIndexes.set(plan, index);
  }
  return index;
}

/**
 * What airs at t, given the log's entry airing then (undefined: the memory cannot say) and the
 * day plans: an item of the schedule as it is now, airing, the log names; anything else (the
 * filler, an item a rewrite removed, still airing until the join) the schedule tells. The item's
 * slot, or null in a gap of the day; undefined outside any day's broadcast.
 */
export function airingAt(
  entry: AiredEntry | undefined,
  t: number,
  today: string,
  planOf: (date: string) => DayPlan | undefined,
): { plan: DayPlan; slot: AiredItem | null } | undefined {
  const plan = entry === undefined || entry.itemId === null ? undefined : planOf(entry.day);
  if (plan !== undefined) {
    const index = planIndex(plan);
    const itemIndex = index.byId.get(entry?.itemId ?? -1);
    const slot = itemIndex === undefined ? undefined : index.slots.get(itemIndex);
    if (slot !== undefined) return { plan, slot };
  }
  for (const date of [today, addDays(today, -1)]) {
    const day = planOf(date);
    if (day === undefined || t >= day.end) continue;
    const slot = slotAt(day.timeline, t);
    if (slot !== undefined) return { plan: day, slot };
  }
  return undefined;
}

/** `airingAt` with the offset into the item (or the gap) and the items still to come that day. */
export function onAirFrom(
  entry: AiredEntry | undefined,
  t: number,
  today: string,
  planOf: (date: string) => DayPlan | undefined,
): OnAirNow | undefined {
  const airing = airingAt(entry, t, today, planOf);
  const onAir = airing === undefined ? undefined : onAirAt(airing.plan.timeline, t, airing.slot);
  return airing === undefined || onAir === undefined ? undefined : { plan: airing.plan, onAir };
}
