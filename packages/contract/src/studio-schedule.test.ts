import { describe, expect, it } from 'vitest';
import { scheduleLimits } from './schedule.ts';
import { scheduleCopyDates } from './studio-schedule.ts';

describe('scheduleCopyDates', () => {
  it('writes every day of the range but the day copied', () => {
    expect(scheduleCopyDates('2026-11-28', { from: '2026-11-27', to: '2026-11-30' })).toEqual({
      dates: ['2026-11-27', '2026-11-29', '2026-11-30'],
    });
  });

  it('writes only the weekdays asked: a Monday repeated on the Mondays and Wednesdays of a month', () => {
    expect(scheduleCopyDates('2026-11-23', { from: '2026-11-24', to: '2026-12-21', weekdays: [1, 3] })).toEqual({
      dates: [
        '2026-11-25',
        '2026-11-30',
        '2026-12-02',
        '2026-12-07',
        '2026-12-09',
        '2026-12-14',
        '2026-12-16',
        '2026-12-21',
      ],
    });
  });

  it('lets a weekday repeat for a year, but no copy writes more days than its limit or spans more than a year', () => {
    const year = scheduleCopyDates('2026-11-23', { from: '2026-11-24', to: '2027-11-23', weekdays: [1] });
    expect('dates' in year && year.dates).toHaveLength(52);
    expect(scheduleCopyDates('2026-11-23', { from: '2026-11-24', to: '2027-11-25', weekdays: [1] })).toEqual({
      problem: `Диапазон копирования — не длиннее ${String(scheduleLimits.copyRangeDays)} дней.`,
    });
    expect(scheduleCopyDates('2026-11-23', { from: '2026-11-24', to: '2027-03-01' })).toEqual({
      problem: `Копировать можно не больше чем на ${String(scheduleLimits.copyDays)} дней за раз.`,
    });
  });
});
