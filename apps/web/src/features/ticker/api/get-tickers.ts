import { useQuery } from '@tanstack/react-query';
import { callQuery, useRefetchOn } from '../../../lib/api.ts';
import { useLiveTopic } from '../../../lib/live-events.ts';

/** The tickers of the item on air and of the whole programme: pushed by the page's event stream
 * as they change; without it, asked again when the item on air changes, and every half minute. */
export function useTickers(teleId: number | undefined, itemKey: number | undefined) {
  const pushed = useLiveTopic('tv');
  const query = useQuery({
    ...callQuery('tickers', { params: { id: teleId ?? 0 } }),
    enabled: teleId !== undefined,
    refetchInterval: pushed ? false : 30_000,
  });
  useRefetchOn(teleId, itemKey, query.refetch, teleId !== undefined && !pushed);
  return query;
}
