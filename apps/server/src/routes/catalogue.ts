// The video catalogue: categories, pages, the video page, related videos, the home page's rows.
import { calls } from '@efir/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { pageAsked, sendEncoded } from '../catalogue/catalogue-pages.ts';
import { notFound } from '../lib/http-error.ts';
import { answerCacheMs, routeOf } from '../lib/route.ts';
import {
  findVideo,
  listVideoCategories,
  mainList,
  relatedVideos,
  videoCataloguePage,
  viewVideo,
} from '../repositories/videos.ts';
import { toVideo } from '../repositories/wire.ts';
import type { RouteContext } from './context.ts';

export const catalogueRoutes: FastifyPluginCallbackZod<RouteContext> = (
  app,
  { db, clock, visitorLimits, cataloguePages },
  done,
) => {
  app.route({
    ...routeOf('videoCategories', calls.videoCategories, { cacheMs: answerCacheMs }),
    handler: async () => (await listVideoCategories(db)).map(({ id, name }) => ({ id, name })),
  });

  app.route({
    ...routeOf('videoCatalogue', calls.videoCatalogue, { cacheMs: answerCacheMs }),
    handler: async (request, reply) => {
      const answer = await cataloguePages.videos.page(pageAsked(request.query), request.locale);
      if (answer !== undefined) return sendEncoded(reply, answer);
      const page = await videoCataloguePage(db, request.query);
      return { count: page.count, results: page.rows.map(toVideo) };
    },
  });

  app.route({
    ...routeOf('video', calls.video),
    handler: async (request) => {
      const row = await viewVideo(db, request.params.id, request.visitor, visitorLimits.addressActionsPerHour, clock());
      if (row === undefined) throw notFound('No such video.');
      return toVideo(row);
    },
  });

  app.route({
    ...routeOf('relatedVideos', calls.relatedVideos, { cacheMs: answerCacheMs }),
    handler: async (request) => {
      const row = await findVideo(db, request.params.id);
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
