import { useQuery } from '@tanstack/react-query';
import { fetchCall } from '../../../lib/api.ts';

/** GET /get/radioprogram/today/, polled every 5 s: the radio day on the air, or 'none'. */
export function useRadioRun() {
  return useQuery({
    queryKey: ['radioprogram-run'],
    queryFn: ({ signal }) => fetchCall<'radioprogramToday'>('/get/radioprogram/today/', { signal }),
    refetchInterval: 5000,
  });
}

/** GET /check/radioprogram/show/{id}/ */
export function useRadioShow(id: number | undefined) {
  return useQuery({
    queryKey: ['radioprogram-show', id],
    queryFn: ({ signal }) => fetchCall<'radioprogramShow'>(`/check/radioprogram/show/${String(id)}/`, { signal }),
    enabled: id !== undefined,
    refetchInterval: 5000,
  });
}

/** GET /get/radioprogram/radios/withads/{id}/: the day's items, ads included. */
export function useRadioWithAds(id: number | undefined) {
  return useQuery({
    queryKey: ['radioprogram-withads', id],
    queryFn: ({ signal }) =>
      fetchCall<'radioprogramRadiosWithAds'>(`/get/radioprogram/radios/withads/${String(id)}/`, {
        signal,
      }),
    enabled: id !== undefined,
  });
}

/** The radio item's allowance is spent: publish it, then ask to move on; the server decides. */
export async function advanceRadioprogram(dayId: number, radioId: number, nextIndex: number) {
  try {
    await fetchCall<'radioPublish'>(`/radio/update/status/${radioId}/0/`, { method: 'PATCH' });
  } catch (error) {
    console.error(error);
  }
  return fetchCall<'radioprogramNext'>(`/get/radioprogram/next/radio/${dayId}/${nextIndex}/`, {
    method: 'PATCH',
  });
}
