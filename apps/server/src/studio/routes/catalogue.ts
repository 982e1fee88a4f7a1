// Videos and radios in the studio: lists with search, filters, sorting and paging; adding one
// (with an upload that makes its media, or for a video an external frame alone), changing any
// field, new media or a new picture from an upload, a video's subtitles, and removing one that no
// schedule names. Each call of the two catalogues goes to the one implementation (catalogue-items.ts)
// told its catalogue.
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { studioCatalogues } from '../catalogue-items.ts';
import type { StudioContext } from '../context.ts';
import { studioRoute } from '../route.ts';
import { videoSubtitles } from '../video-subtitles.ts';

export const catalogueRoutes: FastifyPluginCallbackZod<StudioContext> = (app, context, done) => {
  const { videos, radios } = studioCatalogues(context);
  const subtitles = videoSubtitles(context, videos);

  app.route({ ...studioRoute('videos'), handler: (request) => videos.list(request.query) });
  app.route({ ...studioRoute('radios'), handler: (request) => radios.list(request.query) });
  app.route({ ...studioRoute('video'), handler: (request) => videos.one(request.params.id) });
  app.route({ ...studioRoute('radio'), handler: (request) => radios.one(request.params.id) });

  app.route({
    ...studioRoute('videoAdd'),
    handler: (request) => {
      const { upload, ...fields } = request.body;
      return videos.add(request, fields, upload);
    },
  });
  app.route({
    ...studioRoute('radioAdd'),
    handler: (request) => {
      const { upload, ...fields } = request.body;
      return radios.add(request, fields, upload);
    },
  });

  app.route({
    ...studioRoute('videoUpdate'),
    handler: (request) => videos.update(request, request.params.id, request.body),
  });
  app.route({
    ...studioRoute('radioUpdate'),
    handler: (request) => radios.update(request, request.params.id, request.body),
  });

  for (const [call, items] of [
    ['videoDelete', videos],
    ['radioDelete', radios],
  ] as const) {
    app.route({
      ...studioRoute(call),
      handler: async (request) => {
        await items.remove(request, request.params.id);
        return { ok: true as const };
      },
    });
  }

  // New media, or a new picture, made from an upload.
  for (const [call, items, make] of [
    ['videoMedia', videos, 'media'],
    ['radioMedia', radios, 'media'],
    ['videoPreview', videos, 'picture'],
    ['radioPreview', radios, 'picture'],
  ] as const) {
    app.route({
      ...studioRoute(call),
      handler: (request) => items[make](request, request.params.id, request.body.upload),
    });
  }

  app.route({
    ...studioRoute('videoSubtitles'),
    handler: (request) => subtitles.attach(request, request.params.id, request.body),
  });
  app.route({
    ...studioRoute('videoSubtitlesRemove'),
    handler: (request) => subtitles.remove(request, request.params.id, request.params.language),
  });
  done();
};
