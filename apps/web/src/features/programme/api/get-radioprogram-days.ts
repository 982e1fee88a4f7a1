import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCall } from '../../../lib/api.ts';

/** GET /get/radioprogram/list/ */
export function getRadioprogramDays(signal?: AbortSignal) {
  return fetchCall<'radioprogramList'>('/get/radioprogram/list/', signal ? { signal } : {});
}

export const radioprogramDaysQuery = queryOptions({
  queryKey: ['radioprogram-days'],
  queryFn: ({ signal }) => getRadioprogramDays(signal),
});

export function useRadioprogramDays() {
  return useQuery(radioprogramDaysQuery);
}
