import { dayListsPollMs } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { callQuery, useRefetchOn } from '../../../lib/api.ts';
import { useLiveTopic } from '../../../lib/live-events.ts';

/** The TV day's items, ads included, and `show`; asked again when the day's status changes, and
 * when the day is saved again (pushed; without the event stream, polled every 2.5 s). */
export function useTeleprogramWithAds(teleId: number | undefined, status: number | undefined) {
  const pushed = useLiveTopic('tv');
  const query = useQuery({
    ...callQuery('teleprogramVideosWithAds', { params: { id: teleId ?? 0 } }),
    enabled: teleId !== undefined,
    refetchInterval: pushed ? false : dayListsPollMs,
  });
  useRefetchOn(teleId, status, query.refetch, teleId !== undefined);
  return query;
}
