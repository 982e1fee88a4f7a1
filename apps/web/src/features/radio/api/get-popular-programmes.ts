import { calls } from '@efir/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCall } from '../../../lib/api.ts';

/** GET /get/radio/type/1/ */
export function getPopularProgrammes(signal?: AbortSignal) {
  return fetchCall('/get/radio/type/1/', calls.popularProgrammes.response, signal ? { signal } : {});
}

export const popularProgrammesQuery = queryOptions({
  queryKey: ['popular-programmes'],
  queryFn: ({ signal }) => getPopularProgrammes(signal),
});

export function usePopularProgrammes() {
  return useQuery(popularProgrammesQuery);
}
