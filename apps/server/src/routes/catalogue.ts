// The video catalogue: categories, pages, the video page, related videos, the home page's rows.
import { calls } from '@efir/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { notFound } from '../lib/http-error.ts';
import { answerCacheMs, routeOf } from '../lib/route.ts';
import { findItem } from '../repositories/catalogues.ts';
import { mainList, relatedVideos } from '../repositories/videos.ts';
import { toVideo } from '../repositories/wire.ts';
import { routeCatalogueItem, routeCatalogueLists } from './catalogue-calls.ts';
import type { RouteContext } from './context.ts';

export const catalogueRoutes: FastifyPluginCallbackZod<RouteContext> = (app, context, done) => {
  const { db } = context;
  routeCatalogueLists(app, context, 'video');
  routeCatalogueItem(app, context, 'video');

  app.route({
    ...routeOf('relatedVideos', calls.relatedVideos, { cacheMs: answerCacheMs }),
    handler: async (request) => {
      const row = await findItem(db, 'video', request.params.id);
      if (row === undefined) throw notFound('No such video.');
      return (await relatedVideos(db, row)).map(toVideo);
    },
  });

  app.route({
    ...routeOf('mainList', calls.mainList, { cacheMs: answerCacheMs }),
    handler: async () =>
      (await mainList(db)).map(({ row, videos }) => ({
        id: row.id,
        name: row.name,
        category_id: row.categoryId,
        videos: videos.map(toVideo),
      })),
  });
  done();
};
