import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, callKey } from '../../../lib/api.ts';
import { useMayLoad } from '../../../lib/below-the-fold.tsx';

export function getAbout(signal?: AbortSignal) {
  return api('aboutMain', { signal });
}

export const aboutQuery = queryOptions({ queryKey: callKey('aboutMain'), queryFn: ({ signal }) => getAbout(signal) });

export function useAbout() {
  return useQuery({ ...aboutQuery, enabled: useMayLoad() });
}
