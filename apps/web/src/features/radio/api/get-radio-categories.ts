import { calls } from '@efir/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCall } from '../../../lib/api.ts';

/** GET /get/radio/category/all/ */
export function getRadioCategories(signal?: AbortSignal) {
  return fetchCall('/get/radio/category/all/', calls.radioCategories.response, signal ? { signal } : {});
}

export const radioCategoriesQuery = queryOptions({
  queryKey: ['radio-categories'],
  queryFn: ({ signal }) => getRadioCategories(signal),
});

export function useRadioCategories() {
  return useQuery(radioCategoriesQuery);
}
