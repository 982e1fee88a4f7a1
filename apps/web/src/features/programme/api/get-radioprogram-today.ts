import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCall } from '../../../lib/api.ts';

/** GET /get/radioprogram/today/: today's run, or 'none'. A failed answer counts as 'none'. */
export async function getRadioprogramToday(signal?: AbortSignal) {
  try {
    return await fetchCall<'radioprogramToday'>('/get/radioprogram/today/', signal ? { signal } : {});
  } catch (error) {
    console.error(error);
    return 'none' as const;
  }
}

export const radioprogramTodayQuery = queryOptions({
  queryKey: ['radioprogram-today'],
  queryFn: ({ signal }) => getRadioprogramToday(signal),
});

export function useRadioprogramToday() {
  return useQuery(radioprogramTodayQuery);
}
