// The calls of the radio catalogue's listing groups, bound to their names in the contract (the
// list's queries and changes are the studio's ordered list's, lib/ordered-calls.ts).
import type { radioListingFieldsSchema, StudioRadioListing } from '@efir/contract';
import type { z } from 'zod';
import { callKey, studio } from '../../lib/api.ts';
import type { OrderedCalls } from '../../lib/ordered-calls.ts';

export type RadioListingFields = z.output<typeof radioListingFieldsSchema>;

export const radioListingCalls: OrderedCalls<StudioRadioListing, RadioListingFields> = {
  key: callKey('radioListings'),
  list: (signal) => studio('radioListings', { signal }),
  add: (body) => studio('radioListingAdd', { body }),
  update: (id, body) => studio('radioListingUpdate', { params: { id }, body }),
  remove: (id) => studio('radioListingDelete', { params: { id } }),
  order: (ids) => studio('radioListingOrder', { body: { ids } }),
};
