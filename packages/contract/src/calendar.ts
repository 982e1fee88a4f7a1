// The calendar arithmetic of the schedules, for both ends: a channel's day and its times are
// wall-clock dates and times in the site's time zone (the server's TZ, announced to the pages), so
// the server and the web app must read an instant into that zone the same way, daylight saving
// included. On Intl; one formatter per zone, made once (making one costs far more than using it).

/** The schedules' time zone when the server is given none (its TZ). */
export const defaultTimeZone = 'Europe/Moscow';

/** A calendar date's parts, and a wall-clock time's on the 24-hour clock. */
const dateParts = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
const clockParts = { hourCycle: 'h23', hour: '2-digit', minute: '2-digit', second: '2-digit' } as const;

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const clockFormats = new Map<string, Intl.DateTimeFormat>();
const partsFormats = new Map<string, Intl.DateTimeFormat>();

function made(cache: Map<string, Intl.DateTimeFormat>, zone: string, make: () => Intl.DateTimeFormat) {
  let format = cache.get(zone);
  if (format === undefined) {
    format = make();
    cache.set(zone, format);
  }
  return format;
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function dateIn(timeZone: string, instant: Date): string {
  const format = made(dateFormats, timeZone, () => new Intl.DateTimeFormat('en-CA', { timeZone, ...dateParts }));
  const parts = format.formatToParts(instant);
  const get = (type: string): string => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The wall-clock time (HH:mm:ss) of an instant in a time zone. */
export function clockTimeIn(timeZone: string, instant: Date): string {
  const format = made(clockFormats, timeZone, () => new Intl.DateTimeFormat('en-GB', { timeZone, ...clockParts }));
  return format.format(instant);
}

/** A calendar date moved by whole days. */
export function addDays(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

/** A calendar date's ISO weekday: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
}

/** The offset of a time zone from UTC at an instant, in milliseconds (Moscow: +3 h). */
export function zoneOffsetMs(timeZone: string, instant: number): number {
  const format = made(
    partsFormats,
    timeZone,
    () => new Intl.DateTimeFormat('en-US', { timeZone, ...dateParts, ...clockParts }),
  );
  const parts = format.formatToParts(new Date(instant));
  const get = (type: string): number => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time (YYYY-MM-DD, HH:mm:ss) happens in a time zone. A time skipped by a
 * daylight-saving change resolves to the instant after the gap; a repeated one to its first pass.
 */
export function instantOf(timeZone: string, date: string, time: string): number {
  const [y = 0, mo = 1, d = 1] = date.split('-').map(Number);
  const [h = 0, mi = 0, s = 0] = time.split(':').map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const halfDay = 12 * 60 * 60 * 1000;
  const before = wall - zoneOffsetMs(timeZone, wall - halfDay);
  const after = wall - zoneOffsetMs(timeZone, wall + halfDay);
  const valid = [before, after].filter((instant) => instant + zoneOffsetMs(timeZone, instant) === wall);
  // No valid instant: the time fell in a gap; read it with the offset before the gap.
  return valid.length === 0 ? before : Math.min(...valid);
}
