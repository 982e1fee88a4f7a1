import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, callKey } from '../../../lib/api.ts';
import { useMayLoad } from '../../../lib/below-the-fold.tsx';

export function getPopularProgrammes(signal?: AbortSignal) {
  return api('popularProgrammes', { signal });
}

export const popularProgrammesQuery = queryOptions({
  queryKey: callKey('popularProgrammes'),
  queryFn: ({ signal }) => getPopularProgrammes(signal),
});

export function usePopularProgrammes() {
  return useQuery({ ...popularProgrammesQuery, enabled: useMayLoad() });
}
