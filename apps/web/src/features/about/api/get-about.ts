import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCall } from '../../../lib/api.ts';
import { useMayLoad } from '../../../lib/below-the-fold.tsx';

/** GET /get/about/main/ */
export function getAbout(signal?: AbortSignal) {
  return fetchCall<'aboutMain'>('/get/about/main/', signal ? { signal } : {});
}

export const aboutQuery = queryOptions({ queryKey: ['about'], queryFn: ({ signal }) => getAbout(signal) });

export function useAbout() {
  return useQuery({ ...aboutQuery, enabled: useMayLoad() });
}
