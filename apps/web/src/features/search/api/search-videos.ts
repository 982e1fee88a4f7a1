import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCall } from '../../../lib/api.ts';

/** GET /search/videos/{q}/ */
export function searchVideos(q: string, signal?: AbortSignal) {
  return fetchCall<'searchVideos'>(`/search/videos/${encodeURIComponent(q)}/`, signal ? { signal } : {});
}

export const searchVideosQuery = (q: string) =>
  queryOptions({ queryKey: ['search-videos', q], queryFn: ({ signal }) => searchVideos(q, signal), enabled: q !== '' });

export function useSearchVideos(q: string) {
  return useQuery(searchVideosQuery(q));
}
