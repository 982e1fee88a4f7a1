import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCall, queryString } from '../../../lib/api.ts';
import { type CatalogueState, catalogueApiQuery } from '../../../lib/catalogue-query.ts';

/** GET /get/radio/category/?category_id&prosmotri&date_added&page */
export function getRadioCatalogue(state: CatalogueState, signal?: AbortSignal) {
  const query = queryString(catalogueApiQuery(state));
  return fetchCall<'radioCatalogue'>(`/get/radio/category/?${query}`, signal ? { signal } : {});
}

export const radioCatalogueQuery = (state: CatalogueState) =>
  queryOptions({
    queryKey: ['radio-catalogue', state],
    queryFn: ({ signal }) => getRadioCatalogue(state, signal),
    placeholderData: keepPreviousData,
  });

export function useRadioCatalogue(state: CatalogueState) {
  return useQuery(radioCatalogueQuery(state));
}
