// The calls the video and the radio catalogue answer alike, told the catalogue: its categories,
// its pages (from memory when they are there), and one item asked for, which counts a view or a play.
import { type Answer, calls } from '@efir/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { pageAsked, sendEncoded } from '../catalogue/catalogue-pages.ts';
import { notFound } from '../lib/http-error.ts';
import { answerCacheMs, routeOf } from '../lib/route.ts';
import { type CatalogueName, cataloguePage, listCategories, useItem } from '../repositories/catalogues.ts';
import { toCatalogueItem } from '../repositories/wire.ts';
import type { RouteContext } from './context.ts';

const catalogueCalls = {
  video: {
    categories: 'videoCategories',
    page: 'videoCatalogue',
    item: 'video',
    pages: 'videos',
    noSuch: 'No such video.',
  },
  radio: {
    categories: 'radioCategories',
    page: 'radioCatalogue',
    item: 'radioPlay',
    pages: 'radios',
    noSuch: 'No such radio.',
  },
} as const;

type App = Parameters<FastifyPluginCallbackZod<RouteContext>>[0];

/** A catalogue's categories and its pages. */
export function routeCatalogueLists(app: App, { db, cataloguePages }: RouteContext, name: CatalogueName): void {
  const call = catalogueCalls[name];
  app.route({
    ...routeOf(call.categories, calls[call.categories], { cacheMs: answerCacheMs }),
    handler: async () => (await listCategories(db, name)).map(({ id, name }) => ({ id, name })),
  });
  app.route({
    ...routeOf(call.page, calls[call.page], { cacheMs: answerCacheMs }),
    handler: async (request, reply) => {
      const answer = await cataloguePages[call.pages].page(pageAsked(request.query), request.locale);
      if (answer !== undefined) return sendEncoded(reply, answer);
      const page = await cataloguePage(db, name, request.query);
      // All of the one catalogue `name`, which TypeScript does not follow.
      const results = page.rows.map(toCatalogueItem[name]);
      return { count: page.count, results } as Answer<'videoCatalogue'> | Answer<'radioCatalogue'>;
    },
  });
}

/** One item of a catalogue, asked for to be shown or played: it counts a view or a play. */
export function routeCatalogueItem(app: App, { db, clock, visitorLimits }: RouteContext, name: CatalogueName): void {
  const call = catalogueCalls[name];
  app.route({
    ...routeOf(call.item, calls[call.item]),
    handler: async (request) => {
      const row = await useItem(
        db,
        name,
        request.params.id,
        request.visitor,
        visitorLimits.addressActionsPerHour,
        clock(),
      );
      if (row === undefined) throw notFound(call.noSuch);
      return toCatalogueItem[name](row);
    },
  });
}
