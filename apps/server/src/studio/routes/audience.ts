// The audience dashboard's one call: the players now and over a range, with the site's activity.
import { audienceRange } from '@efir/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error.ts';
import type { StudioContext } from '../context.ts';
import { studioRoute } from '../route.ts';

export const audienceRoutes: FastifyPluginCallbackZod<StudioContext> = (app, context, done) => {
  app.route({
    ...studioRoute('audience'),
    handler: (request) => {
      const range = audienceRange(request.query, context.clock().getTime());
      if ('problem' in range) throw new HttpError(400, range.problem);
      return context.audience.report(range.from, range.to);
    },
  });
  done();
};
