import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, callKey } from '../../../lib/api.ts';

export function getRelatedVideos(id: number, signal?: AbortSignal) {
  return api('relatedVideos', { params: { id }, signal });
}

export const relatedVideosQuery = (id: number) =>
  queryOptions({
    queryKey: callKey('relatedVideos', { params: { id } }),
    queryFn: ({ signal }) => getRelatedVideos(id, signal),
  });

/** The related list, asked for only once `enabled` (the page waits 800 ms first). */
export function useRelatedVideos(id: number, enabled: boolean) {
  return useQuery({ ...relatedVideosQuery(id), enabled });
}
