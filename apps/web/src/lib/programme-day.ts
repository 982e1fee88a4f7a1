// The programme pages' rules for a day (SPEC §4): past, today or future; which blocks can be
// clicked; which day the slider starts at.

export type DayKind = 'past' | 'today' | 'future';

/** Compares YYYY-MM-DD strings, which sort as dates. */
export function dayKind(date: string, today: string): DayKind {
  if (date < today) return 'past';
  return date === today ? 'today' : 'future';
}

/** Teleprogram: past days are clickable, future days are not, today's items with draft 0 are not. */
export function isTeleprogramItemClickable(kind: DayKind, draft: number): boolean {
  if (kind === 'past') return true;
  if (kind === 'future') return false;
  return draft !== 0;
}

/** Radio programme: the default cursor (not playable) on a future day and for today's draft 0. */
export function isRadioprogramItemPlayable(kind: DayKind, draft: number): boolean {
  if (kind === 'future') return false;
  return !(kind === 'today' && draft === 0);
}

/** The day the slider starts at: today's programme, or the last day when there is none today. */
export function initialDayIndex(days: readonly { id: number }[], today: { id: number } | 'none'): number {
  if (days.length === 0) return -1;
  const index = today === 'none' ? -1 : days.findIndex((day) => day.id === today.id);
  return index >= 0 ? index : days.length - 1;
}

/** Today's item on air at the clock time `now` (HH:mm:ss on the schedules' clock): in play order,
 * the last whose start has come before the first still to come (a day that runs past midnight
 * lists 00:10 after 23:50); -1 before the first. An item without a start (the server gives every
 * item that airs one) is passed over. */
export function onAirIndex(starts: readonly string[], now: string): number {
  let index = -1;
  let previous = '';
  for (const [i, start] of starts.entries()) {
    if (start === '') continue;
    // An earlier time than the item before's is past midnight: still to come today.
    if (start > now || start < previous) break;
    previous = start;
    index = i;
  }
  return index;
}
