import { calls, localeSchema } from '@efir/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { notFound } from '../lib/http-error.ts';
import { routeOf } from '../lib/route.ts';
import { loadCatalogues } from '../translations/catalogue.ts';

export const translationRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const catalogues = loadCatalogues();
  app.route({
    ...routeOf('translations', calls.translations),
    handler: async (request, reply) => {
      const locale = localeSchema.safeParse(request.params.locale);
      if (!locale.success) throw notFound(`No catalogue for locale ${request.params.locale}: use ru-cyrl or ru-latn.`);
      reply.header('cache-control', 'public, max-age=300');
      return catalogues[locale.data];
    },
  });
  done();
};
