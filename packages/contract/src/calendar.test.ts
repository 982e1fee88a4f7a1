import { describe, expect, it } from 'vitest';
import { addDays, dateIn, instantOf, isoWeekday } from './calendar.ts';

describe('dateIn', () => {
  it('gives the calendar date in the time zone, not in UTC', () => {
    const lateUtc = new Date('2026-11-21T22:30:00Z');
    expect(dateIn('Europe/Moscow', lateUtc)).toBe('2026-11-22');
    expect(dateIn('UTC', lateUtc)).toBe('2026-11-21');
    expect(dateIn('America/New_York', lateUtc)).toBe('2026-11-21');
  });
});

describe('addDays', () => {
  it('moves across months, years and leap days', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-11-22', -3)).toBe('2026-11-19');
  });
});

describe('isoWeekday', () => {
  it('counts from Monday, 1, to Sunday, 7', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-28')).toBe(6);
    expect(isoWeekday('2026-11-29')).toBe(7);
    expect(isoWeekday('2028-02-29')).toBe(2);
  });
});

describe('instantOf', () => {
  it('places a wall-clock time in a zone without daylight saving', () => {
    expect(new Date(instantOf('Europe/Moscow', '2026-11-22', '00:00:00')).toISOString()).toBe(
      '2026-11-21T21:00:00.000Z',
    );
    expect(new Date(instantOf('UTC', '2026-11-22', '09:30:15')).toISOString()).toBe('2026-11-22T09:30:15.000Z');
  });

  it('follows daylight saving where the zone has it', () => {
    expect(new Date(instantOf('Europe/Berlin', '2026-07-01', '12:00:00')).toISOString()).toBe(
      '2026-07-01T10:00:00.000Z',
    );
    expect(new Date(instantOf('Europe/Berlin', '2026-12-01', '12:00:00')).toISOString()).toBe(
      '2026-12-01T11:00:00.000Z',
    );
    // 02:30 does not exist on 2026-03-29 in Berlin: the clock jumps from 02:00 to 03:00.
    expect(new Date(instantOf('Europe/Berlin', '2026-03-29', '03:00:00')).toISOString()).toBe(
      '2026-03-29T01:00:00.000Z',
    );
    // 02:30 happens twice on 2026-10-25: the first pass is taken.
    expect(new Date(instantOf('Europe/Berlin', '2026-10-25', '02:30:00')).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });
});
