import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCall } from '../../../lib/api.ts';

/** GET /get/radio/category/all/ */
export function getRadioCategories(signal?: AbortSignal) {
  return fetchCall<'radioCategories'>('/get/radio/category/all/', signal ? { signal } : {});
}

export const radioCategoriesQuery = queryOptions({
  queryKey: ['radio-categories'],
  queryFn: ({ signal }) => getRadioCategories(signal),
});

export function useRadioCategories() {
  return useQuery(radioCategoriesQuery);
}
