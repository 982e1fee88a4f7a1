import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, callKey } from '../../../lib/api.ts';

export function getVideoCategories(signal?: AbortSignal) {
  return api('videoCategories', { signal });
}

export const videoCategoriesQuery = queryOptions({
  queryKey: callKey('videoCategories'),
  queryFn: ({ signal }) => getVideoCategories(signal),
});

export function useVideoCategories() {
  return useQuery(videoCategoriesQuery);
}
