import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCall } from '../../../lib/api.ts';
import { useMayLoad } from '../../../lib/below-the-fold.tsx';

/** GET /get/main/list/ */
export function getMainList(signal?: AbortSignal) {
  return fetchCall<'mainList'>('/get/main/list/', signal ? { signal } : {});
}

export const mainListQuery = queryOptions({ queryKey: ['main-list'], queryFn: ({ signal }) => getMainList(signal) });

export function useMainList() {
  return useQuery({ ...mainListQuery, enabled: useMayLoad() });
}
