import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCall } from '../../../lib/api.ts';
import { useMayLoad } from '../../../lib/below-the-fold.tsx';

/** GET /get/radio/type/2/ */
export function getPopularSongs(signal?: AbortSignal) {
  return fetchCall<'popularSongs'>('/get/radio/type/2/', signal ? { signal } : {});
}

export const popularSongsQuery = queryOptions({
  queryKey: ['popular-songs'],
  queryFn: ({ signal }) => getPopularSongs(signal),
});

export function usePopularSongs() {
  return useQuery({ ...popularSongsQuery, enabled: useMayLoad() });
}
