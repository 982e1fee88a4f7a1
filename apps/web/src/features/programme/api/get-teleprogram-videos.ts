import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCall } from '../../../lib/api.ts';

/** GET /get/teleprogram/videos/{dayId}/ */
export function getTeleprogramVideos(dayId: number, signal?: AbortSignal) {
  return fetchCall<'teleprogramVideos'>(`/get/teleprogram/videos/${dayId}/`, signal ? { signal } : {});
}

export const teleprogramVideosQuery = (dayId: number) =>
  queryOptions({
    queryKey: ['teleprogram-videos', dayId],
    queryFn: ({ signal }) => getTeleprogramVideos(dayId, signal),
  });

export function useTeleprogramVideos(dayId: number) {
  return useQuery(teleprogramVideosQuery(dayId));
}
