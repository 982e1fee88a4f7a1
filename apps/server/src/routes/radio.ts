// The radio catalogue: categories, pages, popular lists, listing groups, recorded plays.
import { calls } from '@efir/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { pageAsked, sendEncoded } from '../catalogue/catalogue-pages.ts';
import { notFound } from '../lib/http-error.ts';
import { answerCacheMs, routeOf } from '../lib/route.ts';
import { cataloguePage, listCategories, useItem } from '../repositories/catalogues.ts';
import { popularRadios, radioListingGroups } from '../repositories/radios.ts';
import { toRadio } from '../repositories/wire.ts';
import type { RouteContext } from './context.ts';

export const radioRoutes: FastifyPluginCallbackZod<RouteContext> = (
  app,
  { db, clock, visitorLimits, cataloguePages },
  done,
) => {
  app.route({
    ...routeOf('radioCategories', calls.radioCategories, { cacheMs: answerCacheMs }),
    handler: async () => (await listCategories(db, 'radio')).map(({ id, name }) => ({ id, name })),
  });

  app.route({
    ...routeOf('radioCatalogue', calls.radioCatalogue, { cacheMs: answerCacheMs }),
    handler: async (request, reply) => {
      const answer = await cataloguePages.radios.page(pageAsked(request.query), request.locale);
      if (answer !== undefined) return sendEncoded(reply, answer);
      const page = await cataloguePage(db, 'radio', request.query);
      return { count: page.count, results: page.rows.map(toRadio) };
    },
  });

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

  app.route({
    ...routeOf('radioPlay', calls.radioPlay),
    handler: async (request) => {
      const row = await useItem(
        db,
        'radio',
        request.params.id,
        request.visitor,
        visitorLimits.addressActionsPerHour,
        clock(),
      );
      if (row === undefined) throw notFound('No such radio.');
      return toRadio(row);
    },
  });
  done();
};
