// The radio catalogue: categories, pages, popular lists, listing groups, recorded plays.
import { calls } from '@efir/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { answerCacheMs, routeOf } from '../lib/route.ts';
import { popularRadios, radioListingGroups } from '../repositories/radios.ts';
import { toRadio } from '../repositories/wire.ts';
import { routeCatalogueItem, routeCatalogueLists } from './catalogue-calls.ts';
import type { RouteContext } from './context.ts';

export const radioRoutes: FastifyPluginCallbackZod<RouteContext> = (app, context, done) => {
  const { db } = context;
  routeCatalogueLists(app, context, 'radio');

  app.route({
    ...routeOf('popularProgrammes', calls.popularProgrammes, { cacheMs: answerCacheMs }),
    handler: async () => (await popularRadios(db, 1)).map(toRadio),
  });

  app.route({
    ...routeOf('popularSongs', calls.popularSongs, { cacheMs: answerCacheMs }),
    handler: async () => (await popularRadios(db, 2)).map(toRadio),
  });

  app.route({
    ...routeOf('radioListing', calls.radioListing, { cacheMs: answerCacheMs }),
    handler: async () =>
      (await radioListingGroups(db)).map((group) => ({ ...group, radios: group.radios.map(toRadio) })),
  });

  routeCatalogueItem(app, context, 'radio');
  done();
};
