import { describe, expect, it } from 'vitest';
import {
  dayKind,
  initialDayIndex,
  isRadioprogramItemPlayable,
  isTeleprogramItemClickable,
  onAirIndex,
} from './programme-day.ts';

describe('programme days', () => {
  it('tells past, today and future', () => {
    expect(dayKind('2026-11-21', '2026-11-22')).toBe('past');
    expect(dayKind('2026-11-22', '2026-11-22')).toBe('today');
    expect(dayKind('2026-11-23', '2026-11-22')).toBe('future');
  });

  it('lets past teleprogram items be clicked, never future ones, today only when not draft 0', () => {
    expect(isTeleprogramItemClickable('past', 0)).toBe(true);
    expect(isTeleprogramItemClickable('future', 1)).toBe(false);
    expect(isTeleprogramItemClickable('today', 0)).toBe(false);
    expect(isTeleprogramItemClickable('today', 1)).toBe(true);
  });

  it('gives radio programme items the default cursor on future days and today draft 0', () => {
    expect(isRadioprogramItemPlayable('future', 1)).toBe(false);
    expect(isRadioprogramItemPlayable('today', 0)).toBe(false);
    expect(isRadioprogramItemPlayable('today', 1)).toBe(true);
    expect(isRadioprogramItemPlayable('past', 0)).toBe(true);
  });

  it("starts at today's day, or the last day when today is 'none'", () => {
    const days = [{ id: 4 }, { id: 5 }, { id: 6 }];
    expect(initialDayIndex(days, { id: 5 })).toBe(1);
    expect(initialDayIndex(days, 'none')).toBe(2);
    expect(initialDayIndex(days, { id: 99 })).toBe(2);
    expect(initialDayIndex([], 'none')).toBe(-1);
  });
});

describe("today's item on air", () => {
  it('is the last item whose start has come', () => {
    expect(onAirIndex(['06:00:00', '07:30:00', '09:00:00'], '08:15:00')).toBe(1);
    expect(onAirIndex(['06:00:00', '07:30:00', '09:00:00'], '23:00:00')).toBe(2);
    expect(onAirIndex(['06:00:00', '07:30:00'], '05:59:59')).toBe(-1);
    expect(onAirIndex(['06:00:00', '', '07:30:00'], '07:00:00')).toBe(0);
  });

  it('stops at the first item still to come, so the hours past midnight do not count as passed', () => {
    expect(onAirIndex(['22:00:00', '23:50:00', '00:10:00', '01:00:00'], '23:55:00')).toBe(1);
    expect(onAirIndex(['16:00:00', '17:00:00', '00:10:00'], '16:30:00')).toBe(0);
  });
});
