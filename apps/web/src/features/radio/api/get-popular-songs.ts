import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, callKey } from '../../../lib/api.ts';
import { useMayLoad } from '../../../lib/below-the-fold.tsx';

export function getPopularSongs(signal?: AbortSignal) {
  return api('popularSongs', { signal });
}

export const popularSongsQuery = queryOptions({
  queryKey: callKey('popularSongs'),
  queryFn: ({ signal }) => getPopularSongs(signal),
});

export function usePopularSongs() {
  return useQuery({ ...popularSongsQuery, enabled: useMayLoad() });
}
