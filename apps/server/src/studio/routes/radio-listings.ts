// The radio listings screen: the radio catalogue's named groups of radios, ordered (the list is
// the studio's ordered list, ordered-list.ts).
import type { StudioRadioListing } from '@efir/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  addRadioListing,
  findRadioListing,
  orderRadioListings,
  type RadioListingRow,
  removeRadioListing,
  studioRadioListings,
  updateRadioListing,
} from '../../repositories/studio-showcase.ts';
import type { StudioContext } from '../context.ts';
import { pickedItems, routeOrderedList } from '../ordered-list.ts';
import { publicChanges } from '../public-changes.ts';

export const radioListingRoutes: FastifyPluginCallbackZod<StudioContext> = (app, context, done) => {
  const { db } = context;
  const { checkItems } = publicChanges(context);
  routeOrderedList(
    app,
    context,
    {
      list: 'radioListings',
      add: 'radioListingAdd',
      update: 'radioListingUpdate',
      remove: 'radioListingDelete',
      order: 'radioListingOrder',
    },
    {
      entity: 'radio-listing',
      noSuch: 'Нет такой подборки.',
      rows: studioRadioListings,
      find: findRadioListing,
      add: addRadioListing,
      update: updateRadioListing,
      remove: removeRadioListing,
      order: orderRadioListings,
      check: async (fields) => {
        await checkItems('radio', fields.radioIds);
      },
      views: async (rows: RadioListingRow[]): Promise<StudioRadioListing[]> => {
        const radiosOf = await pickedItems(db, 'radio', rows, (row) => row.radioIds);
        return rows.map((row) => ({ id: row.id, name: row.name, position: row.position, radios: radiosOf(row) }));
      },
    },
  );
  done();
};
