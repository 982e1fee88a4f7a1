import { useQuery } from '@tanstack/react-query';
import { api, callKey, useRefetchOn } from '../../../lib/api.ts';

/** The TV day's items, ads included, and `show`; asked again when the day's status changes. */
export function useTeleprogramWithAds(teleId: number | undefined, status: number | undefined) {
  const query = useQuery({
    queryKey: callKey('teleprogramVideosWithAds', { params: { id: teleId } }),
    queryFn: ({ signal }) => api('teleprogramVideosWithAds', { params: { id: teleId ?? 0 }, signal }),
    enabled: teleId !== undefined,
  });
  useRefetchOn(teleId, status, query.refetch, teleId !== undefined);
  return query;
}
