// The video catalogue: categories, pages, the video page, related videos, the home page's rows.
import { calls } from '@efir/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { pageAsked, sendEncoded } from '../catalogue/catalogue-pages.ts';
import { notFound } from '../lib/http-error.ts';
import { answerCacheMs, routeOf } from '../lib/route.ts';
import { cataloguePage, findItem, listCategories, useItem } from '../repositories/catalogues.ts';
import { mainList, relatedVideos } from '../repositories/videos.ts';
import { toVideo } from '../repositories/wire.ts';
import type { RouteContext } from './context.ts';

export const catalogueRoutes: FastifyPluginCallbackZod<RouteContext> = (
  app,
  { db, clock, visitorLimits, cataloguePages },
  done,
) => {
  app.route({
    ...routeOf('videoCategories', calls.videoCategories, { cacheMs: answerCacheMs }),
    handler: async () => (await listCategories(db, 'video')).map(({ id, name }) => ({ id, name })),
  });

  app.route({
    ...routeOf('videoCatalogue', calls.videoCatalogue, { cacheMs: answerCacheMs }),
    handler: async (request, reply) => {
      const answer = await cataloguePages.videos.page(pageAsked(request.query), request.locale);
      if (answer !== undefined) return sendEncoded(reply, answer);
      const page = await cataloguePage(db, 'video', request.query);
      return { count: page.count, results: page.rows.map(toVideo) };
    },
  });

  app.route({
    ...routeOf('video', calls.video),
    handler: async (request) => {
      const row = await useItem(
        db,
        'video',
        request.params.id,
        request.visitor,
        visitorLimits.addressActionsPerHour,
        clock(),
      );
      if (row === undefined) throw notFound('No such video.');
      return toVideo(row);
    },
  });

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
