import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../lib/api.ts';
import { type CatalogueState, catalogueApiQuery } from '../../../lib/catalogue-query.ts';

/** A page of the radio catalogue: ?category_id&prosmotri&date_added&page from the screen's state. */
export function useRadioCatalogue(state: CatalogueState) {
  return useQuery({
    ...callQuery('radioCatalogue', { query: catalogueApiQuery(state) }),
    placeholderData: keepPreviousData,
  });
}
