import { calls } from '@efir/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCall } from '../../../lib/api.ts';

/** GET /get/all/category/ */
export function getVideoCategories(signal?: AbortSignal) {
  return fetchCall('/get/all/category/', calls.videoCategories.response, signal ? { signal } : {});
}

export const videoCategoriesQuery = queryOptions({
  queryKey: ['video-categories'],
  queryFn: ({ signal }) => getVideoCategories(signal),
});

export function useVideoCategories() {
  return useQuery(videoCategoriesQuery);
}
