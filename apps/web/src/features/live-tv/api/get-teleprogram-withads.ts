import { calls } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { fetchCall } from '../../../lib/api.ts';

/**
 * GET /get/teleprogram/videos/withads/{teleId}/: the day's items, ads included, and `show`; asked
 * again when the day's status changes.
 */
export function useTeleprogramWithAds(teleId: number | undefined, status: number | undefined) {
  return useQuery({
    queryKey: ['teleprogram-withads', teleId, status],
    queryFn: ({ signal }) =>
      fetchCall(`/get/teleprogram/videos/withads/${String(teleId)}/`, calls.teleprogramVideosWithAds.response, {
        signal,
      }),
    enabled: teleId !== undefined,
  });
}
