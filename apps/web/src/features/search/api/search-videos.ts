import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, callKey } from '../../../lib/api.ts';

export function searchVideos(q: string, signal?: AbortSignal) {
  return api('searchVideos', { params: { q }, signal });
}

export const searchVideosQuery = (q: string) =>
  queryOptions({
    queryKey: callKey('searchVideos', { params: { q } }),
    queryFn: ({ signal }) => searchVideos(q, signal),
    enabled: q !== '',
  });

export function useSearchVideos(q: string) {
  return useQuery(searchVideosQuery(q));
}
