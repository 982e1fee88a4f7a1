import { describe, expect, it } from 'vitest';
import {
  calendarDate,
  formatClock,
  formatCount,
  formatDayMonth,
  formatDuration,
  formatLongDate,
  formatWeekday,
  todayInSite,
} from './dates.ts';

describe('dates', () => {
  it('writes DD MMMM YYYY with the month in the genitive', () => {
    expect(formatLongDate('2026-11-22', 'ru-cyrl')).toBe('22 ноября 2026');
    expect(formatLongDate('2026-03-08', 'ru-cyrl')).toBe('08 марта 2026');
    expect(formatLongDate('2026-11-22', 'ru-latn')).toBe('22 noiabria 2026');
    expect(formatLongDate('2026-05-01', 'ru-latn')).toBe('01 maia 2026');
  });

  it('reads a date-time in the site time zone', () => {
    // 21:30 UTC on the 21st is 00:30 on the 22nd in Moscow.
    expect(formatLongDate('2026-11-21T21:30:00.000Z', 'ru-cyrl')).toBe('22 ноября 2026');
    expect(formatLongDate('not a date', 'ru-cyrl')).toBe('');
  });

  it('reads every date-time as Moscow does, before and after its last change of offset', () => {
    const moscow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' });
    const start = Date.UTC(2003, 0, 1);
    // Every 7 h 13 min from 2003 to 2030: each hour of the day, both sides of every change.
    for (let at = start; at < Date.UTC(2030, 0, 1); at += (7 * 60 + 13) * 60 * 1000) {
      const iso = new Date(at).toISOString();
      const [year, month, day] = moscow.format(at).split('-').map(Number);
      expect(calendarDate(iso), iso).toMatchObject({ year, month, day });
    }
    expect(formatLongDate('2014-10-25T21:30:00Z', 'ru-cyrl')).toBe('26 октября 2014');
    expect(formatLongDate('2014-10-25T20:30:00Z', 'ru-cyrl')).toBe('26 октября 2014');
    expect(formatLongDate('2014-10-25T19:30:00Z', 'ru-cyrl')).toBe('25 октября 2014');
  });

  it('writes DD MMMM and the weekday', () => {
    expect(formatDayMonth('2026-11-22', 'ru-cyrl')).toBe('22 ноября');
    expect(formatWeekday('2026-11-22', 'ru-cyrl')).toBe('воскресенье');
    expect(formatWeekday('2026-11-23', 'ru-latn')).toBe('ponedelnik');
  });

  it('writes HH:mm, *** when missing, and HH:MM:SS', () => {
    expect(formatClock('07:05:00')).toBe('07:05');
    expect(formatClock('')).toBe('***');
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(3725)).toBe('01:02:05');
    expect(formatDuration(59.9)).toBe('00:00:59');
  });

  it('knows today in Moscow', () => {
    expect(todayInSite(new Date('2026-11-21T22:00:00Z'))).toBe('2026-11-22');
  });

  it('reads dates in the zone the server announces, daylight saving included', () => {
    // 20:30 UTC on 21 November: still the 21st in Moscow, already the 22nd in Vladivostok (UTC+10).
    expect(todayInSite(new Date('2026-11-21T20:30:00Z'), 'Asia/Vladivostok')).toBe('2026-11-22');
    expect(calendarDate('2026-11-21T20:30:00Z', 'Europe/Moscow')).toMatchObject({ day: 21 });
    // New York: 03:30 UTC is 23:30 the day before in summer (EDT, −4), 22:30 in winter (EST, −5);
    // 04:30 UTC on the night clocks go back (1 November 2026, 06:00 UTC) is 00:30 EDT, the 1st.
    expect(todayInSite(new Date('2026-07-02T03:30:00Z'), 'America/New_York')).toBe('2026-07-01');
    expect(todayInSite(new Date('2026-11-01T04:30:00Z'), 'America/New_York')).toBe('2026-11-01');
    expect(todayInSite(new Date('2026-11-02T04:30:00Z'), 'America/New_York')).toBe('2026-11-01');
  });

  it('groups digits the Russian way', () => {
    expect(formatCount(12345)).toBe('12\u00a0345');
    expect([0, 7, 999, 1000, 1234567].map(formatCount)).toEqual(['0', '7', '999', '1\u00a0000', '1\u00a0234\u00a0567']);
    expect(formatCount(Number.NaN)).toBe('0');
  });
});
