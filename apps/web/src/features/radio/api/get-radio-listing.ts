import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCall } from '../../../lib/api.ts';
import { useMayLoad } from '../../../lib/below-the-fold.tsx';

/** GET /get/listing/radios/ */
export function getRadioListing(signal?: AbortSignal) {
  return fetchCall<'radioListing'>('/get/listing/radios/', signal ? { signal } : {});
}

export const radioListingQuery = queryOptions({
  queryKey: ['radio-listing'],
  queryFn: ({ signal }) => getRadioListing(signal),
});

export function useRadioListing() {
  return useQuery({ ...radioListingQuery, enabled: useMayLoad() });
}
