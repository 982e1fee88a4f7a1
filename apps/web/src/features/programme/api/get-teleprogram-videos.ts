import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, callKey } from '../../../lib/api.ts';

export function getTeleprogramVideos(dayId: number, signal?: AbortSignal) {
  return api('teleprogramVideos', { params: { id: dayId }, signal });
}

export const teleprogramVideosQuery = (dayId: number) =>
  queryOptions({
    queryKey: callKey('teleprogramVideos', { params: { id: dayId } }),
    queryFn: ({ signal }) => getTeleprogramVideos(dayId, signal),
  });

export function useTeleprogramVideos(dayId: number) {
  return useQuery(teleprogramVideosQuery(dayId));
}
