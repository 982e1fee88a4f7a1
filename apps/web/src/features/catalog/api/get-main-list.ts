import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, callKey } from '../../../lib/api.ts';
import { useMayLoad } from '../../../lib/below-the-fold.tsx';

export function getMainList(signal?: AbortSignal) {
  return api('mainList', { signal });
}

export const mainListQuery = queryOptions({
  queryKey: callKey('mainList'),
  queryFn: ({ signal }) => getMainList(signal),
});

export function useMainList() {
  return useQuery({ ...mainListQuery, enabled: useMayLoad() });
}
