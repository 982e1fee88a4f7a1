import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCall } from '../../../lib/api.ts';
import { tvEnded } from '../../../lib/live.ts';

/** GET /get/status/teleprogram/run/: the TV channel's run now, or 'none'. */
export function getRunStatus(signal?: AbortSignal) {
  return fetchCall<'teleprogramRunStatus'>('/get/status/teleprogram/run/', signal ? { signal } : {});
}

export const runStatusQuery = queryOptions({
  queryKey: ['teleprogram-run'],
  queryFn: ({ signal }) => getRunStatus(signal),
});

/** Polled every 5 s (SPEC §9); stopped once the day has ended (status 0 or 4, or no day). */
export function useRunStatus() {
  return useQuery({ ...runStatusQuery, refetchInterval: (query) => (tvEnded(query.state.data) ? false : 5000) });
}
