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
      fetchCall<'teleprogramVideosWithAds'>(`/get/teleprogram/videos/withads/${String(teleId)}/`, {
        signal,
      }),
    enabled: teleId !== undefined,
  });
}
