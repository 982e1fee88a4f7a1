import { dayListsPollMs } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { publishThenNext } from '../../../lib/allowance-advance.ts';
import { api, callQuery } from '../../../lib/api.ts';
import { useLiveTopic } from '../../../lib/live-events.ts';
import { radioprogramTodayQuery } from '../../../lib/today-queries.ts';

/** The radio day on the air, or 'none': pushed by the page's event stream, else polled every 5 s. */
export function useRadioRun() {
  const pushed = useLiveTopic('radio');
  return useQuery({ ...radioprogramTodayQuery, refetchInterval: pushed ? false : 5000 });
}

/** Whether the radio day's player shows: pushed, else polled every 5 s. */
export function useRadioShow(id: number | undefined) {
  const pushed = useLiveTopic('radio');
  return useQuery({
    ...callQuery('radioprogramShow', { params: { id: id ?? 0 } }),
    enabled: id !== undefined,
    refetchInterval: pushed ? false : 5000,
  });
}

/** The radio day's items, ads included: asked again when the day is saved again (pushed; without
 * the event stream, polled every 2.5 s). */
export function useRadioWithAds(id: number | undefined) {
  const pushed = useLiveTopic('radio');
  return useQuery({
    ...callQuery('radioprogramRadiosWithAds', { params: { id: id ?? 0 } }),
    enabled: id !== undefined,
    refetchInterval: pushed ? false : dayListsPollMs,
  });
}

/** The radio item's allowance is spent: publish it, then ask to move on; the server decides. */
export function advanceRadioprogram(dayId: number, radioId: number, nextIndex: number) {
  return publishThenNext(
    () => api('radioPublish', { params: { id: radioId } }),
    () => api('radioprogramNext', { params: { id: dayId, nextIndex } }),
  );
}
