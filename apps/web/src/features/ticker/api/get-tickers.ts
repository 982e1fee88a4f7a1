import { useQuery } from '@tanstack/react-query';
import { api, callKey, useRefetchOn } from '../../../lib/api.ts';

/** The tickers of the item on air and of the whole programme. */
export function useTickers(teleId: number | undefined, itemKey: number | undefined) {
  const query = useQuery({
    queryKey: callKey('tickers', { params: { id: teleId } }),
    queryFn: ({ signal }) => api('tickers', { params: { id: teleId ?? 0 }, signal }),
    enabled: teleId !== undefined,
    refetchInterval: 30_000,
  });
  // Asked again when the item on air changes, and every half minute.
  useRefetchOn(teleId, itemKey, query.refetch, teleId !== undefined);
  return query;
}
