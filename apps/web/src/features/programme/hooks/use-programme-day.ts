import { useEffect, useState } from 'react';
import { initialDayIndex } from '../../../lib/programme-day.ts';

interface Day {
  id: number;
  date_to_start: string;
}

/** The chosen day of a programme page: today's (or the last day when today is 'none') until the
 * visitor picks another; the day's content is asked for 500 ms after a day is chosen. */
export function useProgrammeDay(days: readonly Day[] | undefined, today: Day | 'none' | undefined) {
  const [chosen, setChosen] = useState<number>();
  const initial = days === undefined || today === undefined ? undefined : days[initialDayIndex(days, today)]?.id;
  const selectedId = chosen ?? initial;
  const [contentId, setContentId] = useState<number>();
  useEffect(() => {
    if (selectedId === undefined) return;
    const timer = window.setTimeout(() => {
      setContentId(selectedId);
    }, 500);
    return () => {
      window.clearTimeout(timer);
    };
  }, [selectedId]);
  return {
    selectedId,
    /** The day whose content is shown; lags the selection by the delay. */
    contentId: contentId === selectedId ? contentId : undefined,
    choose: setChosen,
  };
}
