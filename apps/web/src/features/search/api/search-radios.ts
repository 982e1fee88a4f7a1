import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, callKey } from '../../../lib/api.ts';

export function searchRadios(q: string, signal?: AbortSignal) {
  return api('searchRadios', { params: { q }, signal });
}

export const searchRadiosQuery = (q: string) =>
  queryOptions({
    queryKey: callKey('searchRadios', { params: { q } }),
    queryFn: ({ signal }) => searchRadios(q, signal),
    enabled: q !== '',
  });

export function useSearchRadios(q: string) {
  return useQuery(searchRadiosQuery(q));
}
