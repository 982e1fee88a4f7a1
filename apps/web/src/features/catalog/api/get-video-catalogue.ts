import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCall, queryString } from '../../../lib/api.ts';
import { type CatalogueState, catalogueApiQuery } from '../../../lib/catalogue-query.ts';

/** GET /get/all/video/category/?category_id&prosmotri&date_added&page */
export function getVideoCatalogue(state: CatalogueState, signal?: AbortSignal) {
  const query = queryString(catalogueApiQuery(state));
  return fetchCall<'videoCatalogue'>(`/get/all/video/category/?${query}`, signal ? { signal } : {});
}

export const videoCatalogueQuery = (state: CatalogueState) =>
  queryOptions({
    queryKey: ['video-catalogue', state],
    queryFn: ({ signal }) => getVideoCatalogue(state, signal),
    placeholderData: keepPreviousData,
  });

export function useVideoCatalogue(state: CatalogueState) {
  return useQuery(videoCatalogueQuery(state));
}
