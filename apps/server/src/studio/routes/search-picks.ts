// The search picks screen: the searches offered while visitors have searched too little.
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { searchPickQueries, writeSearchPicks } from '../../repositories/studio-showcase.ts';
import type { StudioContext } from '../context.ts';
import { studioRoute } from '../route.ts';
import { publicChanges } from '../public-changes.ts';

export const searchPickRoutes: FastifyPluginCallbackZod<StudioContext> = (app, context, done) => {
  const { db } = context;
  const { change } = publicChanges(context);
  app.route({ ...studioRoute('searchPicks'), handler: async () => ({ queries: await searchPickQueries(db) }) });
  app.route({
    ...studioRoute('searchPicksWrite'),
    handler: async (request) => {
      const before = await searchPickQueries(db);
      await change(request, async (tx) => {
        await writeSearchPicks(tx, request.body.queries);
        return {
          result: undefined,
          change: { action: 'search-picks.update', entity: 'search-picks', before, after: request.body.queries },
        };
      });
      return { queries: await searchPickQueries(db) };
    },
  });
  done();
};
