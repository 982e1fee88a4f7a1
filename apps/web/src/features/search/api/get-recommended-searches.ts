import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCall } from '../../../lib/api.ts';

/** GET /get/search/recomended/ */
export function getRecommendedSearches(signal?: AbortSignal) {
  return fetchCall<'recommendedSearches'>('/get/search/recomended/', signal ? { signal } : {});
}

export const recommendedSearchesQuery = queryOptions({
  queryKey: ['recommended-searches'],
  queryFn: ({ signal }) => getRecommendedSearches(signal),
});

export function useRecommendedSearches() {
  return useQuery(recommendedSearchesQuery);
}
