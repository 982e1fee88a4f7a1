import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCall } from '../../../lib/api.ts';

/** GET /get/teleprogram/today/: today's run, or 'none'. A failed answer counts as 'none'. */
export async function getTeleprogramToday(signal?: AbortSignal) {
  try {
    return await fetchCall<'teleprogramToday'>('/get/teleprogram/today/', signal ? { signal } : {});
  } catch (error) {
    console.error(error);
    return 'none' as const;
  }
}

export const teleprogramTodayQuery = queryOptions({
  queryKey: ['teleprogram-today'],
  queryFn: ({ signal }) => getTeleprogramToday(signal),
});

export function useTeleprogramToday() {
  return useQuery(teleprogramTodayQuery);
}
