// The calls of the radio catalogue's listing groups: the groups in order and the changes, each
// dropping what it makes stale; a new order shows at once and goes back if refused.
import type { radioListingFieldsSchema, StudioRadioListing } from '@efir/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callKey, queryClient, studio } from '../../lib/api.ts';

export type RadioListingFields = z.output<typeof radioListingFieldsSchema>;

export const radioListingsQuery = queryOptions({
  queryKey: callKey('radioListings'),
  queryFn: ({ signal }) => studio('radioListings', { signal }),
});

function changed(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: radioListingsQuery.queryKey });
}

/** Adds a group (id null) or rewrites one. */
export function useSaveRadioListing(id: number | null) {
  return useMutation({
    mutationFn: (body: RadioListingFields) =>
      id === null ? studio('radioListingAdd', { body }) : studio('radioListingUpdate', { params: { id }, body }),
    onSuccess: changed,
  });
}

export function useDeleteRadioListing() {
  return useMutation({
    mutationFn: (id: number) => studio('radioListingDelete', { params: { id } }),
    onSuccess: changed,
  });
}

export function useOrderRadioListings() {
  return useMutation({
    mutationFn: (listings: StudioRadioListing[]) =>
      studio('radioListingOrder', { body: { ids: listings.map((listing) => listing.id) } }),
    onMutate: async (listings) => {
      await queryClient.cancelQueries({ queryKey: radioListingsQuery.queryKey });
      const before = queryClient.getQueryData(radioListingsQuery.queryKey);
      queryClient.setQueryData(radioListingsQuery.queryKey, listings);
      return { before };
    },
    onError: (_error, _listings, result) => {
      if (result?.before !== undefined) queryClient.setQueryData(radioListingsQuery.queryKey, result.before);
      // A refusal may mean the groups changed elsewhere: ask for them again.
      return changed();
    },
    onSuccess: (listings) => {
      queryClient.setQueryData(radioListingsQuery.queryKey, listings);
    },
  });
}
