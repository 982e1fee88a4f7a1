// Today's programme opens at what is on air: the row is marked and scrolled to the middle of the
// window once, just after the day's items first show, unless the visitor has begun using the page.
import { clockTimeIn } from '@efir/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { siteTimeZone } from '../../../lib/site-zone.ts';
import { type DayKind, onAirIndex } from '../../../lib/programme-day.ts';

export function useOnAirRow(kind: DayKind, starts: readonly string[] | undefined) {
  const scrolled = useRef(false);
  // Until the row is placed the list says it is busy: what reads it (a screen reader, a checker)
  // waits for the page to stop moving.
  const [placed, setPlaced] = useState(false);
  // A key, a wheel or a touch before the day shows: the page is theirs, and is not moved under them
  // (a keyboard walk begun at the top would find its focus scrolled out of sight).
  const used = useRef(false);
  useEffect(() => {
    const events = ['keydown', 'wheel', 'touchstart'] as const;
    const use = (): void => {
      used.current = true;
    };
    for (const event of events) window.addEventListener(event, use, { once: true, passive: true });
    return () => {
      for (const event of events) window.removeEventListener(event, use);
    };
  }, []);
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
        if (!used.current) row.scrollIntoView({ block: 'center' });
        setPlaced(true);
      });
    });
  }, []);
  return { index, rowRef, positioning: index >= 0 && !placed };
}
