import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCall } from '../../../lib/api.ts';

/** GET /get/teleprogram/list/ */
export function getTeleprogramDays(signal?: AbortSignal) {
  return fetchCall<'teleprogramList'>('/get/teleprogram/list/', signal ? { signal } : {});
}

export const teleprogramDaysQuery = queryOptions({
  queryKey: ['teleprogram-days'],
  queryFn: ({ signal }) => getTeleprogramDays(signal),
});

export function useTeleprogramDays() {
  return useQuery(teleprogramDaysQuery);
}
