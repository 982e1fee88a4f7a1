// Search over videos and radios, and the recommended searches.
import { calls, searchQueryMaxLength } from '@efir/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { badRequest } from '../lib/http-error.ts';
import { answerCacheMs, routeOf } from '../lib/route.ts';
import { codePointLength } from '../lib/text.ts';
import { recommendedSearches, searchRadios, searchVideos } from '../repositories/search.ts';
import { toRadio, toVideo } from '../repositories/wire.ts';
import type { RouteContext } from './context.ts';

/** The query as searched: trimmed, inner white space folded; empty or too long is refused. */
export function searchQuery(raw: string): string {
  const query = raw.replace(/\s+/gu, ' ').trim();
  if (query === '') throw badRequest('The search query is empty.');
  if (codePointLength(query) > searchQueryMaxLength) {
    throw badRequest(`The search query must be at most ${searchQueryMaxLength} characters.`);
  }
  if (/\p{Cc}/u.test(query)) throw badRequest('The search query must not contain control characters.');
  return query;
}

/** Whether a query found something, for the answers served from memory (bounded, per node). */
const foundLimit = 5000;

export const searchRoutes: FastifyPluginCallbackZod<RouteContext> = (app, { db, searchRecorder }, done) => {
  const found = new Map<string, boolean>();
  const remember = (query: string, hits: number): void => {
    if (found.size >= foundLimit) found.clear();
    found.set(query, hits > 0);
  };
  // Every answer, computed or served from memory, counts the search if it found something.
  const count = (request: FastifyRequest<{ Params: { q: string } }>, reply: FastifyReply, next: () => void): void => {
    if (reply.statusCode === 200) {
      const query = request.params.q.replace(/\s+/gu, ' ').trim();
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
    handler: async (request) => {
      const query = searchQuery(request.params.q);
      const rows = await searchVideos(db, query);
      remember(query, rows.length);
      return rows.map(toVideo);
    },
  });

  app.route({
    ...routeOf('searchRadios', calls.searchRadios, { cacheMs: answerCacheMs }),
    onResponse: count,
    handler: async (request) => {
      const query = searchQuery(request.params.q);
      const rows = await searchRadios(db, query);
      remember(query, rows.length);
      return rows.map(toRadio);
    },
  });
  done();
};
