// Today's programme opens at what is on air: the row is marked and scrolled to the middle of the
// window once, just after the day's items first show.
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
    // Two frames later: the day is painted where the loading skeleton was before the page moves.
    // Scrolled in the same frame, the footer the skeleton held below the screen would count as
    // seen at its old place, a layout shift of most of the screen.
    requestAnimationFrame(() => {
      requestAnimationFrame(() => {
        row.scrollIntoView({ block: 'center' });
      });
    });
  }, []);
  return { index, rowRef };
}
