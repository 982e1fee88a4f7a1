import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCall } from '../../../lib/api.ts';

/** GET /get/all/category/ */
export function getVideoCategories(signal?: AbortSignal) {
  return fetchCall<'videoCategories'>('/get/all/category/', signal ? { signal } : {});
}

export const videoCategoriesQuery = queryOptions({
  queryKey: ['video-categories'],
  queryFn: ({ signal }) => getVideoCategories(signal),
});

export function useVideoCategories() {
  return useQuery(videoCategoriesQuery);
}
