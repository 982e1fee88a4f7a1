import { describe, expect, it } from 'vitest';
import { instantOf } from '../lib/clock.ts';
import { buildDayTimeline, type DaySchedule, onAirAt, type ScheduledItem, type Segment } from './timeline.ts';

const zone = 'Europe/Moscow';
const at = (time: string, date = '2026-11-22'): number => instantOf(zone, date, time);

/** An item of `seconds`, cut in 4 s segments with a shorter last one. */
function item(id: number, seconds: number, fixedStart: string | null = null, draft = 0): ScheduledItem {
  const segments: Segment[] = [];
  for (let t = 0; t < seconds; t += 4) segments.push({ uri: `i${id}/${t / 4}.ts`, duration: Math.min(4, seconds - t) });
  return { id, fixedStart, draft, durationSeconds: seconds, readyAt: 0, segments };
}
const filler: Segment[] = [0, 1, 2].map((i) => ({ uri: `filler/${i}.ts`, duration: 1 }));
const day = (items: ScheduledItem[], startsAt = '06:00:00', date = '2026-11-22'): DaySchedule => ({
  date,
  startsAt,
  items,
});

describe('buildDayTimeline', () => {
  it('plays items back to back from the day start, a discontinuity at each change of item', () => {
    const timeline = buildDayTimeline(day([item(1, 10), item(2, 8)]), filler, zone);
    expect(timeline.start).toBe(at('06:00:00'));
    expect(timeline.end).toBe(at('06:00:18'));
    expect(timeline.entries.map((e) => [e.uri, (e.start - timeline.start) / 1000, e.discontinuity])).toEqual([
      ['i1/0.ts', 0, false],
      ['i1/1.ts', 4, false],
      ['i1/2.ts', 8, false],
      ['i2/0.ts', 10, true],
      ['i2/1.ts', 14, false],
    ]);
    expect(timeline.aired).toEqual([
      { itemIndex: 0, start: at('06:00:00'), end: at('06:00:10'), mediaFrom: at('06:00:00') },
      { itemIndex: 1, start: at('06:00:10'), end: at('06:00:18'), mediaFrom: at('06:00:10') },
    ]);
  });

  it('fills the gap before a fixed-time item with the looped filler', () => {
    const timeline = buildDayTimeline(day([item(1, 4), item(2, 4, '06:00:09')]), filler, zone);
    const uris = timeline.entries.map((e) => e.uri);
    expect(uris).toEqual([
      'i1/0.ts',
      'filler/0.ts',
      'filler/1.ts',
      'filler/2.ts',
      'filler/0.ts',
      'filler/1.ts',
      'i2/0.ts',
    ]);
    expect(timeline.entries.map((e) => e.discontinuity)).toEqual([false, true, false, false, true, false, true]);
    expect(timeline.aired[1]?.start).toBe(at('06:00:09'));
  });

  it('fills the last fraction of a gap with the longest trim that fits it, so a fixed start airs to the frame', () => {
    // The radio's filler: 1 s segments of 47 or 46 AAC frames and a last one of a frame; its
    // trims of 1, 2 … 47 frames.
    const aac = 1024 / 48;
    const radioFiller: Segment[] = [...[0, 1, 2, 3, 4, 5, 6].map(() => 47), 46, 1].map((frames, i) => ({
      uri: `filler/${i}.ts`,
      duration: (frames * aac) / 1000,
    }));
    const trims: Segment[] = Array.from({ length: 47 }, (_, k) => ({
      uri: `trim/${k}.ts`,
      duration: ((k + 1) * aac) / 1000,
    }));
    const items = [item(1, 4), item(2, 4, '06:00:13'), item(3, 4, '06:00:20')];
    const without = buildDayTimeline(day(items), radioFiller, zone);
    const withTrims = buildDayTimeline(day(items), radioFiller, zone, undefined, trims);
    const endOf = (e: { start: number; duration: number }) => e.start + Math.round(e.duration * 1000);
    // Without trims the gap ends short of the fixed start, a hole the aired log would pull the
    // item back into.
    const holes = (entries: typeof without.entries) =>
      entries.slice(1).map((e, i) => e.start - endOf(entries[i] as (typeof entries)[number]));
    expect(Math.max(...holes(without.entries))).toBeGreaterThan(500);
    // With them, each gap ends less than a frame before it, never past it (the log pulls the
    // item back into what is left: a fixed start is never late).
    for (const hole of holes(withTrims.entries)) {
      expect(hole).toBeGreaterThanOrEqual(0);
      expect(hole).toBeLessThan(aac);
    }
    expect(withTrims.aired.map((slot) => slot.start)).toEqual([at('06:00:00'), at('06:00:13'), at('06:00:20')]);
    const trimmed = withTrims.entries.filter((e) => e.uri.startsWith('trim/'));
    expect(trimmed).toHaveLength(2);
    expect(trimmed.every((e) => e.discontinuity)).toBe(true);
  });

  it('fills a gap with the long filler where one fits, going on in short ones within the same pass', () => {
    const shorts: Segment[] = [0, 1, 2, 3].map((i) => ({ uri: `filler/${i}.ts`, duration: 1 }));
    const long = { perLong: 2, segments: [0, 1].map((j) => ({ uri: `filler/long${j}.ts`, duration: 2 })) };
    const timeline = buildDayTimeline(day([item(1, 4), item(2, 4, '06:00:11')]), shorts, zone, long);
    expect(timeline.entries.map((e) => [e.uri, (e.start - timeline.start) / 1000, e.discontinuity])).toEqual([
      ['i1/0.ts', 0, false],
      ['filler/long0.ts', 4, true],
      ['filler/long1.ts', 6, false],
      // The loop starts again: a change of source.
      ['filler/long0.ts', 8, true],
      // A second is left: the short segment that follows long0's in the loop, no change of source.
      ['filler/2.ts', 10, false],
      ['i2/0.ts', 11, true],
    ]);
  });

  it('cuts an overrun at the next fixed-time item', () => {
    const timeline = buildDayTimeline(day([item(1, 20), item(2, 4, '06:00:10')]), filler, zone);
    // 0–4, 4–8 stay; 8–12 would run past 10 s and is cut; filler fills 8–10.
    expect(timeline.entries.map((e) => e.uri)).toEqual(['i1/0.ts', 'i1/1.ts', 'filler/0.ts', 'filler/1.ts', 'i2/0.ts']);
    expect(timeline.aired).toEqual([
      { itemIndex: 0, start: at('06:00:00'), end: at('06:00:08'), mediaFrom: at('06:00:00') },
      { itemIndex: 1, start: at('06:00:10'), end: at('06:00:14'), mediaFrom: at('06:00:10') },
    ]);
  });

  it('cuts at a fixed time even for an item with neither media nor a known length', () => {
    const unknown: ScheduledItem = { ...item(2, 0, '06:00:10'), readyAt: null, segments: [] };
    const timeline = buildDayTimeline(day([item(1, 20), unknown, item(3, 4)]), filler, zone);
    expect(timeline.entries.map((e) => e.uri)).toEqual(['i1/0.ts', 'i1/1.ts', 'filler/0.ts', 'filler/1.ts', 'i3/0.ts']);
    expect(timeline.aired.map((slot) => [slot.itemIndex, slot.start])).toEqual([
      [0, at('06:00:00')],
      [2, at('06:00:10')],
    ]);
  });

  it('never airs draft-2 items', () => {
    const timeline = buildDayTimeline(day([item(1, 4), item(2, 4, null, 2), item(3, 4)]), filler, zone);
    expect(timeline.aired.map((a) => a.itemIndex)).toEqual([0, 2]);
    expect(timeline.end).toBe(at('06:00:08'));
  });

  it('keeps the slot of an item without media, filled with the filler', () => {
    const noMedia: ScheduledItem = { ...item(2, 3), readyAt: null, segments: [] };
    const timeline = buildDayTimeline(day([item(1, 4), noMedia, item(3, 4)]), filler, zone);
    expect(timeline.entries.map((e) => e.uri)).toEqual([
      'i1/0.ts',
      'filler/0.ts',
      'filler/1.ts',
      'filler/2.ts',
      'i3/0.ts',
    ]);
    expect(timeline.aired).toEqual([
      { itemIndex: 0, start: at('06:00:00'), end: at('06:00:04'), mediaFrom: at('06:00:00') },
      { itemIndex: 1, start: at('06:00:04'), end: at('06:00:07'), mediaFrom: null },
      { itemIndex: 2, start: at('06:00:07'), end: at('06:00:11'), mediaFrom: at('06:00:07') },
    ]);
  });

  it('lays out media that came during the slot as if they were there, and says when they came', () => {
    const late: ScheduledItem = { ...item(2, 12), readyAt: at('06:00:05') };
    const timeline = buildDayTimeline(day([item(1, 4), late]), filler, zone);
    // The layout is the schedule as known now; the aired log keeps what really aired (aired.ts).
    expect(timeline.entries.map((e) => e.uri)).toEqual(['i1/0.ts', 'i2/0.ts', 'i2/1.ts', 'i2/2.ts']);
    expect(timeline.aired[1]).toEqual({
      itemIndex: 1,
      start: at('06:00:04'),
      end: at('06:00:16'),
      mediaFrom: at('06:00:05'),
    });
    const tooLate = buildDayTimeline(day([item(1, 4), { ...late, readyAt: at('06:00:16') }]), filler, zone);
    expect(tooLate.aired[1]?.mediaFrom).toBeNull();
  });

  it('never leaves a hole in the wall clock without a discontinuity', () => {
    // Two items without media whose slots are not whole filler segments, then a fixed-time item.
    const noMedia = (id: number, seconds: number): ScheduledItem => ({
      ...item(id, seconds),
      readyAt: null,
      segments: [],
    });
    const timeline = buildDayTimeline(
      day([noMedia(1, 2.5), noMedia(2, 1.6), item(3, 4, '06:00:07'), item(4, 4)]),
      filler,
      zone,
    );
    timeline.entries.forEach((entry, i) => {
      const before = timeline.entries[i - 1];
      if (before === undefined || entry.discontinuity) return;
      expect(entry.start, entry.uri).toBe(before.start + Math.round(before.duration * 1000));
    });
    expect(timeline.entries.filter((e) => e.discontinuity).length).toBeGreaterThanOrEqual(3);
  });

  it('is empty for a day without items', () => {
    const timeline = buildDayTimeline(day([]), filler, zone);
    expect(timeline.entries).toEqual([]);
    expect(timeline.end).toBe(timeline.start);
    expect(onAirAt(timeline, timeline.start)).toBeUndefined();
  });

  it('places the day on the wall clock of the configured zone', () => {
    const moscow = buildDayTimeline(day([item(1, 4)], '00:00:00'), filler, 'Europe/Moscow');
    const utc = buildDayTimeline(day([item(1, 4)], '00:00:00'), filler, 'UTC');
    expect(new Date(moscow.start).toISOString()).toBe('2026-11-21T21:00:00.000Z');
    expect(new Date(utc.start).toISOString()).toBe('2026-11-22T00:00:00.000Z');
    const summer = buildDayTimeline(day([item(1, 4)], '00:00:00', '2026-07-01'), filler, 'Europe/Berlin');
    expect(new Date(summer.start).toISOString()).toBe('2026-06-30T22:00:00.000Z');
  });
});

describe('onAirAt', () => {
  const timeline = buildDayTimeline(day([item(1, 10), item(2, 4, '06:00:12'), item(3, 6)]), filler, zone);

  it('names the item on air, the offset into it and the items to come, at each boundary', () => {
    expect(onAirAt(timeline, at('06:00:00'))).toEqual({ itemIndex: 0, offset: 0, next: [1, 2] });
    expect(onAirAt(timeline, at('06:00:09'))).toEqual({ itemIndex: 0, offset: 9, next: [1, 2] });
    expect(onAirAt(timeline, at('06:00:12'))).toEqual({ itemIndex: 1, offset: 0, next: [2] });
    expect(onAirAt(timeline, at('06:00:16'))).toEqual({ itemIndex: 2, offset: 0, next: [] });
    expect(onAirAt(timeline, at('06:00:21'))).toEqual({ itemIndex: 2, offset: 5, next: [] });
  });

  it('says the filler plays in a gap, and nothing airs before the start or after the end', () => {
    expect(onAirAt(timeline, at('06:00:11'))).toEqual({ itemIndex: null, offset: 1, next: [1, 2] });
    expect(onAirAt(timeline, at('05:59:59'))).toBeUndefined();
    expect(onAirAt(timeline, at('06:00:22'))).toBeUndefined();
  });

  it('lets a day end at midnight and the next begin, in the schedules zone', () => {
    const late = buildDayTimeline(day([item(1, 8)], '23:59:56'), filler, zone);
    const next = buildDayTimeline(day([item(2, 8)], '00:00:04', '2026-11-23'), filler, zone);
    expect(onAirAt(late, at('23:59:59'))?.itemIndex).toBe(0);
    expect(late.end).toBe(at('00:00:04', '2026-11-23'));
    expect(onAirAt(late, at('00:00:04', '2026-11-23'))).toBeUndefined();
    expect(onAirAt(next, at('00:00:04', '2026-11-23'))).toEqual({ itemIndex: 0, offset: 0, next: [] });
  });
});
