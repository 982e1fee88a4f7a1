import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, callKey } from '../../../lib/api.ts';

/** The video, counting the visit as a view (a PATCH). */
export function getVideo(id: number, signal?: AbortSignal) {
  return api('video', { params: { id }, signal });
}

export const videoQuery = (id: number) =>
  queryOptions({
    queryKey: callKey('video', { params: { id } }),
    queryFn: ({ signal }) => getVideo(id, signal),
    staleTime: Infinity,
  });

export function useVideo(id: number) {
  return useQuery(videoQuery(id));
}
