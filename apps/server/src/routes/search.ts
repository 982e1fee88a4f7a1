// Search over videos and radios (from each node's catalogue read model when it holds the
// catalogue, else from the database), and the recommended searches.
import { calls } from '@efir/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { sendEncoded } from '../catalogue/catalogue-pages.ts';
import { answerCacheMs, routeOf } from '../lib/route.ts';
import { recommendedSearches, searchRadios, searchVideos } from '../repositories/search.ts';
import { toRadio, toVideo } from '../repositories/wire.ts';
import type { RouteContext } from './context.ts';

/** Whether a query found something, for the answers served from memory (bounded, per node). */
const foundLimit = 5000;

export const searchRoutes: FastifyPluginCallbackZod<RouteContext> = (
  app,
  { db, searchRecorder, cataloguePages },
  done,
) => {
  const found = new Map<string, boolean>();
  const remember = (query: string, hits: number): void => {
    if (found.size >= foundLimit) found.clear();
    found.set(query, hits > 0);
  };
  // Every answer, computed or served from memory, counts the search if it found something.
  const count = (request: FastifyRequest<{ Params: { q: string } }>, reply: FastifyReply, next: () => void): void => {
    if (reply.statusCode === 200) {
      // The contract's schema folded and trimmed it.
      const query = request.params.q;
      if (found.get(query) === true) searchRecorder.add(query, request.visitor.id);
    }
    next();
  };

  app.route({
    ...routeOf('recommendedSearches', calls.recommendedSearches, { cacheMs: answerCacheMs }),
    handler: async () => (await recommendedSearches(db)).map((name) => ({ name })),
  });

  app.route({
    ...routeOf('searchVideos', calls.searchVideos, { cacheMs: answerCacheMs }),
    onResponse: count,
    handler: async (request, reply) => {
      const query = request.params.q;
      const answer = await cataloguePages.videos.search(query, request.locale);
      if (answer !== undefined) {
        remember(query, answer.found);
        return sendEncoded(reply, answer.json);
      }
      const rows = await searchVideos(db, query);
      remember(query, rows.length);
      return rows.map(toVideo);
    },
  });

  app.route({
    ...routeOf('searchRadios', calls.searchRadios, { cacheMs: answerCacheMs }),
    onResponse: count,
    handler: async (request, reply) => {
      const query = request.params.q;
      const answer = await cataloguePages.radios.search(query, request.locale);
      if (answer !== undefined) {
        remember(query, answer.found);
        return sendEncoded(reply, answer.json);
      }
      const rows = await searchRadios(db, query);
      remember(query, rows.length);
      return rows.map(toRadio);
    },
  });
  done();
};
