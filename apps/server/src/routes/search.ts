// Search over videos and radios (from each node's catalogue read model when it holds the
// catalogue, else from the database), and the recommended searches.
import { calls, type Radio, type Video } from '@efir/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { sendEncoded } from '../catalogue/catalogue-pages.ts';
import { answerCacheMs, routeOf } from '../lib/route.ts';
import { recommendedSearches, searchRadios, searchVideos } from '../repositories/search.ts';
import { type RadioRow, toCatalogueItem, type VideoRow } from '../repositories/wire.ts';
import type { RouteContext } from './context.ts';

/** Whether a query found something, for the answers served from memory (bounded, per node). */
const foundLimit = 5000;

/** Each catalogue's search call, its answers in memory and its search in the database. */
const searchCalls = {
  video: { call: 'searchVideos', pages: 'videos', search: searchVideos },
  radio: { call: 'searchRadios', pages: 'radios', search: searchRadios },
} as const;

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

  /** A catalogue's search. */
  const routeSearch = (name: 'video' | 'radio'): void => {
    const { call, pages, search } = searchCalls[name];
    app.route({
      ...routeOf(call, calls[call], { cacheMs: answerCacheMs }),
      onResponse: count,
      handler: async (request, reply) => {
        const query = request.params.q;
        const answer = await cataloguePages[pages].search(query, request.locale);
        if (answer !== undefined) {
          remember(query, answer.found);
          return sendEncoded(reply, answer.json);
        }
        const rows: (VideoRow | RadioRow)[] = await search(db, query);
        remember(query, rows.length);
        // All of the one catalogue `name`, which TypeScript does not follow.
        return rows.map(toCatalogueItem[name]) as Video[] | Radio[];
      },
    });
  };
  routeSearch('video');
  routeSearch('radio');
  done();
};
