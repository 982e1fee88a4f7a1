import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, callKey } from '../../../lib/api.ts';
import { type CatalogueState, catalogueApiQuery } from '../../../lib/catalogue-query.ts';

/** A page of the video catalogue: ?category_id&prosmotri&date_added&page from the screen's state. */
export function getVideoCatalogue(state: CatalogueState, signal?: AbortSignal) {
  return api('videoCatalogue', { query: catalogueApiQuery(state), signal });
}

export const videoCatalogueQuery = (state: CatalogueState) =>
  queryOptions({
    queryKey: callKey('videoCatalogue', { query: catalogueApiQuery(state) }),
    queryFn: ({ signal }) => getVideoCatalogue(state, signal),
    placeholderData: keepPreviousData,
  });

export function useVideoCatalogue(state: CatalogueState) {
  return useQuery(videoCatalogueQuery(state));
}
