// The calls of the home page's rows, bound to their names in the contract (the list's queries and
// changes are the studio's ordered list's, lib/ordered-calls.ts), and the video categories a row
// may show.
import type { homeRowFieldsSchema, StudioHomeRow } from '@efir/contract';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { callKey, studio } from '../../lib/api.ts';
import type { OrderedCalls } from '../../lib/ordered-calls.ts';

export type HomeRowFields = z.output<typeof homeRowFieldsSchema>;

export const homeRowCalls: OrderedCalls<StudioHomeRow, HomeRowFields> = {
  key: callKey('homeRows'),
  list: (signal) => studio('homeRows', { signal }),
  add: (body) => studio('homeRowAdd', { body }),
  update: (id, body) => studio('homeRowUpdate', { params: { id }, body }),
  remove: (id) => studio('homeRowDelete', { params: { id } }),
  order: (ids) => studio('homeRowOrder', { body: { ids } }),
};

export const videoCategoriesQuery = queryOptions({
  queryKey: callKey('videoCategories'),
  queryFn: ({ signal }) => studio('videoCategories', { signal }),
});
