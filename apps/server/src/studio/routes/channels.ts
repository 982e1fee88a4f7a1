// The channels screen: every channel the site airs, and an admin adding one.
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { actorOf } from '../access.ts';
import type { StudioContext } from '../context.ts';
import { studioRoute } from '../route.ts';

export const channelRoutes: FastifyPluginCallbackZod<StudioContext> = (app, { channels }, done) => {
  app.route({ ...studioRoute('channels'), handler: () => channels.list() });
  app.route({
    ...studioRoute('channelAdd', { successStatus: 201 }),
    handler: async (request, reply) => reply.code(201).send(await channels.add(actorOf(request), request.body)),
  });
  done();
};
