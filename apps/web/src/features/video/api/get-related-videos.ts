import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCall } from '../../../lib/api.ts';

/** GET /get/related/list/{pk}/ */
export function getRelatedVideos(id: number, signal?: AbortSignal) {
  return fetchCall<'relatedVideos'>(`/get/related/list/${id}/`, signal ? { signal } : {});
}

export const relatedVideosQuery = (id: number) =>
  queryOptions({ queryKey: ['related-videos', id], queryFn: ({ signal }) => getRelatedVideos(id, signal) });

/** The related list, asked for only once `enabled` (the page waits 800 ms first). */
export function useRelatedVideos(id: number, enabled: boolean) {
  return useQuery({ ...relatedVideosQuery(id), enabled });
}
