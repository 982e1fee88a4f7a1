import { useQuery } from '@tanstack/react-query';
import { fetchCall } from '../../../lib/api.ts';

/** GET /get/live-stroka/{teleId}/: the tickers of the item on air and of the whole programme. */
export function useTickers(teleId: number | undefined, itemKey: number | undefined) {
  return useQuery({
    // Asked again when the item on air changes, and every half minute.
    queryKey: ['live-stroka', teleId, itemKey],
    queryFn: ({ signal }) => fetchCall<'tickers'>(`/get/live-stroka/${String(teleId)}/`, { signal }),
    enabled: teleId !== undefined,
    refetchInterval: 30_000,
  });
}
