import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, callKey } from '../../../lib/api.ts';
import { useMayLoad } from '../../../lib/below-the-fold.tsx';

export function getRadioListing(signal?: AbortSignal) {
  return api('radioListing', { signal });
}

export const radioListingQuery = queryOptions({
  queryKey: callKey('radioListing'),
  queryFn: ({ signal }) => getRadioListing(signal),
});

export function useRadioListing() {
  return useQuery({ ...radioListingQuery, enabled: useMayLoad() });
}
