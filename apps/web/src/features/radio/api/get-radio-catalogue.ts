import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, callKey } from '../../../lib/api.ts';
import { type CatalogueState, catalogueApiQuery } from '../../../lib/catalogue-query.ts';

/** A page of the radio catalogue: ?category_id&prosmotri&date_added&page from the screen's state. */
export function getRadioCatalogue(state: CatalogueState, signal?: AbortSignal) {
  return api('radioCatalogue', { query: catalogueApiQuery(state), signal });
}

export const radioCatalogueQuery = (state: CatalogueState) =>
  queryOptions({
    queryKey: callKey('radioCatalogue', { query: catalogueApiQuery(state) }),
    queryFn: ({ signal }) => getRadioCatalogue(state, signal),
    placeholderData: keepPreviousData,
  });

export function useRadioCatalogue(state: CatalogueState) {
  return useQuery(radioCatalogueQuery(state));
}
