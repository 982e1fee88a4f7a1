import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCall } from '../../../lib/api.ts';

/** GET /search/radios/{q}/ */
export function searchRadios(q: string, signal?: AbortSignal) {
  return fetchCall<'searchRadios'>(`/search/radios/${encodeURIComponent(q)}/`, signal ? { signal } : {});
}

export const searchRadiosQuery = (q: string) =>
  queryOptions({ queryKey: ['search-radios', q], queryFn: ({ signal }) => searchRadios(q, signal), enabled: q !== '' });

export function useSearchRadios(q: string) {
  return useQuery(searchRadiosQuery(q));
}
