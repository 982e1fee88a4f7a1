// The polls' calls, bound to their names in the contract (the list's queries and changes are the
// studio's ordered list's, lib/ordered-calls.ts): the polls in the order visitors meet them.
import type { pollFieldsSchema, StudioPoll } from '@efir/contract';
import type { z } from 'zod';
import { callKey, studio } from '../../lib/api.ts';
import type { OrderedCalls } from '../../lib/ordered-calls.ts';

export type PollValues = z.output<typeof pollFieldsSchema>;

export const pollCalls: OrderedCalls<StudioPoll, PollValues> = {
  key: callKey('polls'),
  list: (signal) => studio('polls', { signal }),
  add: (body) => studio('pollAdd', { body }),
  update: (id, body) => studio('pollUpdate', { params: { id }, body }),
  remove: (id) => studio('pollDelete', { params: { id } }),
  order: (ids) => studio('pollOrder', { body: { ids } }),
};
