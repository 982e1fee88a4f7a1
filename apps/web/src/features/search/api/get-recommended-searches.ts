import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, callKey } from '../../../lib/api.ts';

export function getRecommendedSearches(signal?: AbortSignal) {
  return api('recommendedSearches', { signal });
}

export const recommendedSearchesQuery = queryOptions({
  queryKey: callKey('recommendedSearches'),
  queryFn: ({ signal }) => getRecommendedSearches(signal),
});

export function useRecommendedSearches() {
  return useQuery(recommendedSearchesQuery);
}
