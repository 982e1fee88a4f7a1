// The radio listings screen: the radio catalogue's named groups of radios, ordered (the list is
// the studio's ordered list, ordered-list.ts).
import type { StudioRadioListing } from '@efir/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  addRadioListing,
  findRadioListing,
  itemNames,
  orderRadioListings,
  type RadioListingRow,
  removeRadioListing,
  studioRadioListings,
  updateRadioListing,
} from '../../repositories/studio-showcase.ts';
import type { StudioContext } from '../context.ts';
import { orderedList } from '../ordered-list.ts';
import { publicChanges } from '../public-changes.ts';
import { studioRoute } from '../route.ts';

export const radioListingRoutes: FastifyPluginCallbackZod<StudioContext> = (app, context, done) => {
  const { db } = context;
  const { checkItems } = publicChanges(context);
  const listings = orderedList(context, {
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
      const names = await itemNames(
        db,
        'radio',
        rows.flatMap((row) => row.radioIds),
      );
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        position: row.position,
        radios: row.radioIds.flatMap((id) => {
          const name = names.get(id);
          return name === undefined ? [] : [{ id, name }];
        }),
      }));
    },
  });
  app.route({ ...studioRoute('radioListings'), handler: () => listings.list(undefined) });
  app.route({
    ...studioRoute('radioListingAdd'),
    handler: (request) => listings.add(request, request.body, undefined),
  });
  app.route({
    ...studioRoute('radioListingUpdate'),
    handler: (request) => listings.update(request, request.params.id, request.body),
  });
  app.route({
    ...studioRoute('radioListingDelete'),
    handler: async (request) => {
      await listings.remove(request, request.params.id);
      return { ok: true as const };
    },
  });
  app.route({
    ...studioRoute('radioListingOrder'),
    handler: (request) => listings.order(request, request.body.ids, undefined),
  });
  done();
};
