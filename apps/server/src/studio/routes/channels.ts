// The channels screen: every channel the site airs, an admin adding one and giving it a logo.
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ownedPath, retireMedia } from '../../media/media-files.ts';
import { pictureSizes } from '../../media/pictures.ts';
import { notFound } from '../../lib/http-error.ts';
import { actorOf } from '../access.ts';
import { pictureFromUpload } from '../pictures.ts';
import type { StudioContext } from '../context.ts';
import { studioRoute } from '../route.ts';

export const channelRoutes: FastifyPluginCallbackZod<StudioContext> = (app, context, done) => {
  const { channels } = context;
  app.route({ ...studioRoute('channels'), handler: () => channels.list() });
  app.route({
    ...studioRoute('channelAdd', { successStatus: 201 }),
    handler: async (request, reply) => reply.code(201).send(await channels.add(actorOf(request), request.body)),
  });
  app.route({
    ...studioRoute('channelLogo'),
    handler: async (request) => {
      // Asked before the upload is used up: a wrong address loses nothing.
      if (context.live.find(request.params.channel) === undefined)
        throw notFound(`Канала «${request.params.channel}» нет.`);
      const [logo = ''] = await pictureFromUpload(context, request, request.body.upload, pictureSizes.logo);
      const { channel, before } = await channels.setLogo(actorOf(request), request.params.channel, logo);
      if (before !== null) await retireMedia(context.db, context.mediaDir, [ownedPath(before)]);
      return channel;
    },
  });
  done();
};
