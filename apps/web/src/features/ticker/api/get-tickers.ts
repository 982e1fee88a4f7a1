import { useQuery } from '@tanstack/react-query';
import { api, callKey, useRefetchOn } from '../../../lib/api.ts';
import { useLiveTopic } from '../../../lib/live-events.ts';

/** The tickers of the item on air and of the whole programme: pushed by the page's event stream
 * as they change; without it, asked again when the item on air changes, and every half minute. */
export function useTickers(teleId: number | undefined, itemKey: number | undefined) {
  const pushed = useLiveTopic('tv');
  const query = useQuery({
    queryKey: callKey('tickers', { params: { id: teleId } }),
    queryFn: ({ signal }) => api('tickers', { params: { id: teleId ?? 0 }, signal }),
    enabled: teleId !== undefined,
    refetchInterval: pushed ? false : 30_000,
  });
  useRefetchOn(teleId, itemKey, query.refetch, teleId !== undefined && !pushed);
  return query;
}
