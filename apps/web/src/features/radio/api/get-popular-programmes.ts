import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCall } from '../../../lib/api.ts';
import { useMayLoad } from '../../../lib/below-the-fold.tsx';

/** GET /get/radio/type/1/ */
export function getPopularProgrammes(signal?: AbortSignal) {
  return fetchCall<'popularProgrammes'>('/get/radio/type/1/', signal ? { signal } : {});
}

export const popularProgrammesQuery = queryOptions({
  queryKey: ['popular-programmes'],
  queryFn: ({ signal }) => getPopularProgrammes(signal),
});

export function usePopularProgrammes() {
  return useQuery({ ...popularProgrammesQuery, enabled: useMayLoad() });
}
