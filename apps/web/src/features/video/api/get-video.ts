import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCall } from '../../../lib/api.ts';

/** PATCH /get/video/{pk}/: the video, counting the visit as a view. */
export function getVideo(id: number, signal?: AbortSignal) {
  return fetchCall<'video'>(`/get/video/${id}/`, { method: 'PATCH', ...(signal ? { signal } : {}) });
}

export const videoQuery = (id: number) =>
  queryOptions({ queryKey: ['video', id], queryFn: ({ signal }) => getVideo(id, signal), staleTime: Infinity });

export function useVideo(id: number) {
  return useQuery(videoQuery(id));
}
