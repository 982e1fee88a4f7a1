// Today's programme opens at what is on air: the row is marked and scrolled to the middle of the
// window once, when the day's items first show.
import { clockTimeIn } from '@efir/contract';
import { useCallback, useRef } from 'react';
import { siteTimeZone } from '../../../lib/site-zone.ts';
import { type DayKind, onAirIndex } from '../../../lib/programme-day.ts';

export function useOnAirRow(kind: DayKind, starts: readonly string[] | undefined) {
  const scrolled = useRef(false);
  const index =
    kind === 'today' && starts !== undefined ? onAirIndex(starts, clockTimeIn(siteTimeZone(), new Date())) : -1;
  const rowRef = useCallback((row: HTMLLIElement | null) => {
    if (row === null || scrolled.current) return;
    scrolled.current = true;
    row.scrollIntoView({ block: 'center' });
  }, []);
  return { index, rowRef };
}
