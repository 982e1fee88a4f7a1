// Russian dates and times as the spec writes them: DD MMMM YYYY (the month in the genitive,
// «22 ноября 2026»), DD MMMM, HH:mm, HH:MM:SS; in ru-latn the same words in the Latin script.
import { dateIn, type Locale, toLatin } from '@efir/contract';
import { siteTimeZone } from './site-zone.ts';

const months = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
] as const;

const weekdays = ['воскресенье', 'понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота'] as const;

interface CalendarDate {
  year: number;
  month: number;
  day: number;
  weekday: number;
}

function inScript(text: string, locale: Locale): string {
  return locale === 'ru-latn' ? toLatin(text) : text;
}

const pad = (value: number): string => String(value).padStart(2, '0');

/** A `YYYY-MM-DD` day, or an ISO date-time read in the schedules' time zone, as a calendar date. */
export function calendarDate(value: string, timeZone: string = siteTimeZone()): CalendarDate | undefined {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(value);
  if (day !== null) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    return { year, month, day: date, weekday: new Date(Date.UTC(year, month - 1, date)).getUTCDay() };
  }
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return undefined;
  return calendarDate(dateIn(timeZone, instant));
}

/** DD MMMM YYYY: «22 ноября 2026» (ru-latn: «22 noiabria 2026»); '' for a value that is no date. */
export function formatLongDate(value: string, locale: Locale): string {
  const date = calendarDate(value);
  if (date === undefined) return '';
  return inScript(`${pad(date.day)} ${months[date.month - 1] ?? ''} ${date.year}`, locale);
}

/** DD MMMM: «22 ноября». */
export function formatDayMonth(value: string, locale: Locale): string {
  const date = calendarDate(value);
  if (date === undefined) return '';
  return inScript(`${pad(date.day)} ${months[date.month - 1] ?? ''}`, locale);
}

/** The day of the week, in lower case as Russian writes it: «понедельник». */
export function formatWeekday(value: string, locale: Locale): string {
  const date = calendarDate(value);
  if (date === undefined) return '';
  return inScript(weekdays[date.weekday] ?? '', locale);
}

/** HH:mm from HH:mm:ss; '***' when the time is missing. */
export function formatClock(value: string): string {
  return /^\d{2}:\d{2}/u.test(value) ? value.slice(0, 5) : '***';
}

/** HH:MM:SS from seconds. */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** Today as YYYY-MM-DD in the schedules' time zone. */
export function todayInSite(now: Date = new Date(), timeZone: string = siteTimeZone()): string {
  return dateIn(timeZone, now);
}

/** A view or play counter with Russian digit grouping: «12 345» (a no-break space between groups).
 * By hand: making the first Intl.NumberFormat loads the locale's data, a long task on a phone. */
export function formatCount(value: number): string {
  const digits = String(Number.isFinite(value) && value > 0 ? Math.trunc(value) : 0);
  return digits.replace(/\B(?=(?:\d{3})+$)/gu, '\u00a0');
}
