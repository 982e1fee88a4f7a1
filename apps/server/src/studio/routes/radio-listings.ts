// The radio listings screen: the radio catalogue's named groups of radios, ordered.
import type { StudioRadioListing } from '@efir/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error.ts';
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
import { studioRoute } from '../route.ts';
import { orderRefused, publicChanges } from '../public-changes.ts';

export const radioListingRoutes: FastifyPluginCallbackZod<StudioContext> = (app, context, done) => {
  const { db } = context;
  const { change, checkItems } = publicChanges(context);
  const listingView = async (rows: RadioListingRow[]): Promise<StudioRadioListing[]> => {
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
  };
  const foundListing = async (id: number): Promise<RadioListingRow> => {
    const row = await findRadioListing(db, id);
    if (row === undefined) throw new HttpError(404, 'Нет такой подборки.');
    return row;
  };
  const oneListing = async (row: RadioListingRow): Promise<StudioRadioListing> => {
    const [view] = await listingView([row]);
    if (view === undefined) throw new Error('a listing without its view');
    return view;
  };
  app.route({ ...studioRoute('radioListings'), handler: async () => listingView(await studioRadioListings(db)) });
  app.route({
    ...studioRoute('radioListingAdd'),
    handler: async (request) => {
      await checkItems('radio', request.body.radioIds);
      const row = await change(request, async (tx) => {
        const added = await addRadioListing(tx, request.body);
        return {
          result: added,
          change: { action: 'radio-listing.add', entity: 'radio-listing', entityId: added.id, after: added },
        };
      });
      return oneListing(row);
    },
  });
  app.route({
    ...studioRoute('radioListingUpdate'),
    handler: async (request) => {
      const before = await foundListing(request.params.id);
      await checkItems('radio', request.body.radioIds);
      const row = await change(request, async (tx) => {
        const after = (await updateRadioListing(tx, before.id, request.body)) ?? before;
        return {
          result: after,
          change: { action: 'radio-listing.update', entity: 'radio-listing', entityId: before.id, before, after },
        };
      });
      return oneListing(row);
    },
  });
  app.route({
    ...studioRoute('radioListingDelete'),
    handler: async (request) => {
      const before = await foundListing(request.params.id);
      await change(request, async (tx) => {
        await removeRadioListing(tx, before.id);
        return {
          result: undefined,
          change: { action: 'radio-listing.delete', entity: 'radio-listing', entityId: before.id, before },
        };
      });
      return { ok: true as const };
    },
  });
  app.route({
    ...studioRoute('radioListingOrder'),
    handler: async (request) => {
      const before = await studioRadioListings(db);
      await change(request, async (tx) => {
        if (!(await orderRadioListings(tx, request.body.ids))) throw orderRefused;
        return {
          result: undefined,
          change: {
            action: 'radio-listing.order',
            entity: 'radio-listing',
            before: before.map((row) => row.id),
            after: request.body.ids,
          },
        };
      });
      return listingView(await studioRadioListings(db));
    },
  });
  done();
};
