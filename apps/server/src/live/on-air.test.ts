import { describe, expect, it } from 'vitest';
import type { AiredEntry } from './aired.ts';
import { airingAt, type DayPlan, movedPlan, onAirFrom } from './on-air.ts';
import { buildDayTimeline, type ScheduledItem } from './timeline.ts';

const zone = 'UTC';
const at = (date: string, time: string): number => Date.parse(`${date}T${time}Z`);

/** A day of items (id, seconds, fixed start or null) from `startsAt`, each with 4 s segments. */
function plan(date: string, startsAt: string, items: [number, number, string | null][]): DayPlan {
  const scheduled: ScheduledItem[] = items.map(([id, seconds, fixedStart]) => ({
    id,
    fixedStart,
    draft: 0,
    durationSeconds: seconds,
    readyAt: 0,
    segments: Array.from({ length: Math.ceil(seconds / 4) }, (_, i) => ({
      uri: `/media/v/${String(id)}/{rung}/seg_${String(i)}.ts`,
      duration: Math.min(4, seconds - i * 4),
    })),
  }));
  const timeline = buildDayTimeline({ date, startsAt, items: scheduled }, [], zone);
  return {
    schedule: {
      id: 1,
      day: date,
      startsAt,
      finishedText: '',
      items: items.map(([id, seconds, fixed]) => ({
        id,
        mediaId: id * 10,
        startsAt: fixed,
        isAd: false,
        draft: 0,
        durationSeconds: seconds,
        playlist: '',
        mediaReadyAt: new Date(0),
      })),
    },
    items: scheduled,
    timeline,
    end: timeline.end,
  };
}

const entry = (day: string, itemId: number | null, start: number): AiredEntry => ({
  sequence: 1,
  discontinuitySequence: 0,
  start,
  duration: 4,
  uri: '',
  discontinuity: false,
  day,
  itemId,
  offset: 0,
});

// Day A from 10:00: item 1 (20 s), a gap, item 2 fixed at 10:01:00 (8 s). Day B (yesterday) runs past midnight.
const dayA = plan('2030-01-02', '10:00:00', [
  [1, 20, null],
  [2, 8, '10:01:00'],
]);
const dayB = plan('2030-01-01', '23:59:50', [[7, 30, null]]);
const plans = new Map([
  ['2030-01-02', dayA],
  ['2030-01-01', dayB],
]);
const planOf = (date: string): DayPlan | undefined => plans.get(date);

describe('what airs at an instant', () => {
  it('follows the schedule where the log cannot say: an item, a gap, nothing', () => {
    expect(airingAt(undefined, at('2030-01-02', '10:00:05'), '2030-01-02', planOf)?.slot?.itemIndex).toBe(0);
    expect(airingAt(undefined, at('2030-01-02', '10:00:30'), '2030-01-02', planOf)?.slot).toBeNull();
    expect(airingAt(undefined, at('2030-01-02', '10:01:04'), '2030-01-02', planOf)?.slot?.itemIndex).toBe(1);
    expect(airingAt(undefined, at('2030-01-02', '10:01:09'), '2030-01-02', planOf)).toBeUndefined();
    // Yesterday's day runs into today's date.
    expect(airingAt(undefined, at('2030-01-02', '00:00:10'), '2030-01-02', planOf)?.plan).toBe(dayB);
  });

  it('takes the item the log names, even a moment off its slot; an item rewritten away, from the schedule', () => {
    const early = at('2030-01-02', '10:00:59');
    expect(airingAt(entry('2030-01-02', 2, early), early, '2030-01-02', planOf)?.slot?.itemIndex).toBe(1);
    expect(airingAt(entry('2030-01-02', 99, early), early, '2030-01-02', planOf)?.slot).toBeNull();
    expect(onAirFrom(entry('2030-01-02', 2, early), early, '2030-01-02', planOf)?.onAir).toEqual({
      itemIndex: 1,
      offset: -1,
      next: [1],
    });
    expect(onAirFrom(undefined, at('2030-01-02', '10:00:30'), '2030-01-02', planOf)?.onAir).toEqual({
      itemIndex: null,
      offset: 10,
      next: [1],
    });
  });

  it('counts into the item from where the log airs it: a join a second behind its timeline says a second less', () => {
    const t = at('2030-01-02', '10:00:05');
    const behind = { ...entry('2030-01-02', 1, t), offset: 1000 };
    expect(onAirFrom(behind, t, '2030-01-02', planOf)?.onAir).toEqual({ itemIndex: 0, offset: 4, next: [1] });
    const ahead = { ...entry('2030-01-02', 1, t), offset: -2000 };
    expect(onAirFrom(ahead, t, '2030-01-02', planOf)?.onAir).toEqual({ itemIndex: 0, offset: 7, next: [1] });
  });

  it('never names an item the log does not air: an edit shows as joining until it airs', () => {
    const t = at('2030-01-02', '10:00:05');
    // The log still airs an item the edit removed: no item of the new list is on the air.
    expect(airingAt(entry('2030-01-02', 99, t), t, '2030-01-02', planOf)?.slot).toBeNull();
    // A save writes the items anew (new ids): the segment the log airs, where the new schedule
    // airs it too, is that item's.
    const same = { ...entry('2030-01-02', 77, at('2030-01-02', '10:00:04')), uri: '/media/v/1/{rung}/seg_1.ts' };
    expect(airingAt(same, t, '2030-01-02', planOf)?.slot?.itemIndex).toBe(0);
    // The log airs the filler where the new schedule has item 1 from now on: it joins, it is next.
    expect(onAirFrom(entry('2030-01-02', null, t), t, '2030-01-02', planOf)?.onAir).toMatchObject({
      itemIndex: null,
      next: [0, 1],
    });
    // The filler of the log's own return to its timeline, in the last seconds of item 1's slot:
    // item 1 has aired, the fixed-time item 2 is next.
    const late = at('2030-01-02', '10:00:18');
    expect(onAirFrom(entry('2030-01-02', null, late), late, '2030-01-02', planOf)?.onAir).toMatchObject({
      itemIndex: null,
      next: [1],
    });
  });

  it('names an item whose media are not there yet while the filler airs its slot', () => {
    const waiting = plan('2030-01-03', '10:00:00', [[5, 60, null]]);
    const scheduled = waiting.items[0];
    if (scheduled === undefined) throw new Error('no item');
    const withoutMedia = { ...waiting, items: [{ ...scheduled, readyAt: null, segments: [] }] };
    const timeline = buildDayTimeline(
      { date: '2030-01-03', startsAt: '10:00:00', items: withoutMedia.items },
      [{ uri: '/media/filler/seg_0.ts', duration: 1 }],
      zone,
    );
    const day = { ...withoutMedia, timeline, end: timeline.end };
    const t = at('2030-01-03', '10:00:30');
    expect(airingAt(entry('2030-01-03', null, t), t, '2030-01-03', () => day)?.slot?.itemIndex).toBe(0);
  });

  it('moves a day along the clock for a regional copy', () => {
    const ahead = movedPlan(dayA, -4 * 3_600_000);
    expect(ahead.timeline.start).toBe(dayA.timeline.start - 4 * 3_600_000);
    expect(ahead.timeline.entries.map((e) => e.start + 4 * 3_600_000)).toEqual(
      dayA.timeline.entries.map((e) => e.start),
    );
    expect(ahead.timeline.aired[1]?.start).toBe(at('2030-01-02', '06:01:00'));
    expect(ahead.end).toBe(dayA.end - 4 * 3_600_000);
    expect(ahead.schedule).toBe(dayA.schedule);
  });
});
