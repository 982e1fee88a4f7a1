import { dayListsPollMs } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { api, callKey } from '../../../lib/api.ts';
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
    queryKey: callKey('radioprogramShow', { params: { id } }),
    queryFn: ({ signal }) => api('radioprogramShow', { params: { id: id ?? 0 }, signal }),
    enabled: id !== undefined,
    refetchInterval: pushed ? false : 5000,
  });
}

/** The radio day's items, ads included: asked again when the day is saved again (pushed; without
 * the event stream, polled every 2.5 s). */
export function useRadioWithAds(id: number | undefined) {
  const pushed = useLiveTopic('radio');
  return useQuery({
    queryKey: callKey('radioprogramRadiosWithAds', { params: { id } }),
    queryFn: ({ signal }) => api('radioprogramRadiosWithAds', { params: { id: id ?? 0 }, signal }),
    enabled: id !== undefined,
    refetchInterval: pushed ? false : dayListsPollMs,
  });
}

/** The radio item's allowance is spent: publish it, then ask to move on; the server decides. */
export async function advanceRadioprogram(dayId: number, radioId: number, nextIndex: number) {
  try {
    await api('radioPublish', { params: { id: radioId } });
  } catch (error) {
    console.error(error);
  }
  return api('radioprogramNext', { params: { id: dayId, nextIndex } });
}
