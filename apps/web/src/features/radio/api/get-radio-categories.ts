import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, callKey } from '../../../lib/api.ts';

export function getRadioCategories(signal?: AbortSignal) {
  return api('radioCategories', { signal });
}

export const radioCategoriesQuery = queryOptions({
  queryKey: callKey('radioCategories'),
  queryFn: ({ signal }) => getRadioCategories(signal),
});

export function useRadioCategories() {
  return useQuery(radioCategoriesQuery);
}
