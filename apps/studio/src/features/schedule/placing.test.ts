import type { ScheduleTimeline } from '@efir/contract';
import { describe, expect, it } from 'vitest';
import { dayInstant, fixedStartOf, insertAt, placeAtInstant, placeFor, placeNext } from './placing.ts';

const zone = 'Europe/Moscow';
const at = (iso: string): number => Date.parse(iso);
/** A day from 22:00 Moscow time: items of ten minutes; the third marked not to air. */
function day(): ScheduleTimeline {
  const start = at('2031-06-02T19:00:00Z');
  const minute = 60_000;
  const rows = [0, 1, 2, 3, 4].map((index) => {
    const airs = index !== 2;
    const slot = index < 2 ? index : index - 1;
    return {
      index,
      airs,
      why: airs ? ('airs' as const) : ('draft' as const),
      start: airs ? start + slot * 10 * minute : null,
      end: airs ? start + (slot + 1) * 10 * minute : null,
      plannedSeconds: 600,
      cutSeconds: 0,
      gapBeforeSeconds: 0,
      media: 'ready' as const,
    };
  });
  return {
    zone,
    start,
    end: start + 40 * minute,
    cutByNextDay: false,
    rows,
    gaps: [],
    airsFrom: null,
    joinsWith: null,
  };
}

describe('dayInstant', () => {
  it('reads a time on the day’s date on the schedules’ clock', () => {
    expect(dayInstant(day(), '2031-06-02', '22:15')).toBe(at('2031-06-02T19:15:00Z'));
    expect(dayInstant(day(), '2031-06-02', '22:15:30')).toBe(at('2031-06-02T19:15:30Z'));
  });

  it('reads a time before the day’s start as the night after', () => {
    expect(dayInstant(day(), '2031-06-02', '00:20')).toBe(at('2031-06-02T21:20:00Z'));
    // The night after the month's last day is the next month's first.
    const lastOfJune = { zone, start: at('2031-06-30T19:00:00Z') };
    expect(dayInstant(lastOfJune, '2031-06-30', '01:00')).toBe(at('2031-06-30T22:00:00Z'));
  });
});

describe('placeAtInstant', () => {
  it('puts an item before the first airing item starting at or after the time', () => {
    const timeline = day();
    expect(placeAtInstant(timeline, 5, at('2031-06-02T19:00:00Z'))).toBe(0);
    expect(placeAtInstant(timeline, 5, at('2031-06-02T19:05:00Z'))).toBe(1);
    expect(placeAtInstant(timeline, 5, at('2031-06-02T19:10:00Z'))).toBe(1);
    // The item not to air starts nowhere: past the second item, the next airing one is the fourth.
    expect(placeAtInstant(timeline, 5, at('2031-06-02T19:10:01Z'))).toBe(3);
  });

  it('puts it at the end past the last start, and never past the list it was asked for', () => {
    expect(placeAtInstant(day(), 5, at('2031-06-02T19:30:01Z'))).toBe(5);
    // A timeline a step behind the list (the preview still computing) reads only the rows it has.
    expect(placeAtInstant(day(), 2, at('2031-06-02T19:25:00Z'))).toBe(2);
  });
});

describe('placeNext', () => {
  it('is nowhere for a day not on the air', () => {
    expect(placeNext(day(), 5)).toBeNull();
  });

  it('is right after the item a save joins', () => {
    const timeline = { ...day(), airsFrom: at('2031-06-02T19:12:00Z'), joinsWith: { index: 1, offsetSeconds: 120 } };
    expect(placeNext(timeline, 5)).toBe(2);
  });

  it('is before the next item where a save joins the slate', () => {
    const timeline = { ...day(), airsFrom: at('2031-06-02T19:12:00Z'), joinsWith: { index: null, offsetSeconds: 0 } };
    expect(placeNext(timeline, 5)).toBe(3);
    expect(placeNext({ ...timeline, airsFrom: at('2031-06-02T20:00:00Z') }, 5)).toBe(5);
  });
});

describe('insertAt', () => {
  it('puts the item at the place, clamped to the list', () => {
    expect(insertAt(['a', 'b', 'c'], 1, 'x')).toEqual(['a', 'x', 'b', 'c']);
    expect(insertAt(['a', 'b'], 0, 'x')).toEqual(['x', 'a', 'b']);
    expect(insertAt(['a', 'b'], 9, 'x')).toEqual(['a', 'b', 'x']);
    expect(insertAt(['a', 'b'], -3, 'x')).toEqual(['x', 'a', 'b']);
  });
});

describe('placeFor', () => {
  const date = '2031-06-02';
  it('reads each choice off the timeline, and the end where there is none yet', () => {
    const timeline = { ...day(), airsFrom: at('2031-06-02T19:12:00Z'), joinsWith: { index: 1, offsetSeconds: 120 } };
    expect(placeFor({ placement: { at: 'end' }, fixed: false }, timeline, date, 5)).toBe(5);
    expect(placeFor({ placement: { at: 'time', time: '22:20' }, fixed: false }, timeline, date, 5)).toBe(3);
    expect(placeFor({ placement: { at: 'time', time: '' }, fixed: false }, timeline, date, 5)).toBe(5);
    expect(placeFor({ placement: { at: 'next' }, fixed: false }, timeline, date, 5)).toBe(2);
    expect(placeFor({ placement: { at: 'next' }, fixed: false }, day(), date, 5)).toBe(5);
    expect(placeFor({ placement: { at: 'time', time: '22:20' }, fixed: false }, undefined, date, 5)).toBe(5);
  });

  it('gives a fixed start only to a time placement that asks for one', () => {
    expect(fixedStartOf({ placement: { at: 'time', time: '22:20' }, fixed: true })).toBe('22:20:00');
    expect(fixedStartOf({ placement: { at: 'time', time: '22:20:15' }, fixed: true })).toBe('22:20:15');
    expect(fixedStartOf({ placement: { at: 'time', time: '22:20' }, fixed: false })).toBeNull();
    expect(fixedStartOf({ placement: { at: 'time', time: '' }, fixed: true })).toBeNull();
    expect(fixedStartOf({ placement: { at: 'next' }, fixed: true })).toBeNull();
  });
});
