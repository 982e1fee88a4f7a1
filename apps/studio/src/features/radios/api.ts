// The radio catalogue's calls, bound to their names in the contract; the queries and changes over
// them are the catalogue's (lib/catalogue-calls.ts).
import type { RadioFields, StudioRadio } from '@efir/contract';
import { studio } from '../../lib/api.ts';
import { type CatalogueCalls, categoriesQuery } from '../../lib/catalogue-calls.ts';

export type RadioSort = 'added' | 'name' | 'plays' | 'duration';

export const radioCalls: CatalogueCalls<StudioRadio, RadioFields, RadioSort> = {
  keys: { list: 'radios', item: 'radio', categories: 'radioCategories' },
  sorts: ['added', 'name', 'plays', 'duration'],
  categories: (signal) => studio('radioCategories', { signal }),
  page: (query, signal) => studio('radios', { query, signal }),
  item: (id, signal) => studio('radio', { params: { id }, signal }),
  add: (body) => studio('radioAdd', { body }),
  update: (id, body) => studio('radioUpdate', { params: { id }, body }),
  media: (id, upload) => studio('radioMedia', { params: { id }, body: { upload } }),
  picture: (id, upload) => studio('radioPreview', { params: { id }, body: { upload } }),
  remove: (id) => studio('radioDelete', { params: { id } }),
};

export const radioCategoriesQuery = categoriesQuery(radioCalls);
