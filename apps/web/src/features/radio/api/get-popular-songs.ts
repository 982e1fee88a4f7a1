import { calls } from '@efir/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCall } from '../../../lib/api.ts';

/** GET /get/radio/type/2/ */
export function getPopularSongs(signal?: AbortSignal) {
  return fetchCall('/get/radio/type/2/', calls.popularSongs.response, signal ? { signal } : {});
}

export const popularSongsQuery = queryOptions({
  queryKey: ['popular-songs'],
  queryFn: ({ signal }) => getPopularSongs(signal),
});

export function usePopularSongs() {
  return useQuery(popularSongsQuery);
}
