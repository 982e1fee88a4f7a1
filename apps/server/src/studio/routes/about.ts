// The about page's screen: its titles, texts and poster.
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ownedPath, retireMedia } from '../../media/media-files.ts';
import { pictureSizes } from '../../media/pictures.ts';
import { pictureFromUpload } from '../pictures.ts';
import { aboutRow, writeAbout } from '../../repositories/studio-showcase.ts';
import type { StudioContext } from '../context.ts';
import { studioRoute } from '../route.ts';
import { publicChanges } from '../public-changes.ts';

export const aboutRoutes: FastifyPluginCallbackZod<StudioContext> = (app, context, done) => {
  const { db } = context;
  const { change } = publicChanges(context);
  const aboutView = async () => {
    const row = await aboutRow(db);
    return {
      titles: [row?.title0, row?.title1, row?.title2, row?.title3, row?.title4, row?.title5].map((text) => text ?? ''),
      texts: [row?.text0, row?.text1, row?.text2, row?.text3, row?.text4].map((text) => text ?? ''),
      poster: row?.poster ?? '',
    };
  };
  app.route({ ...studioRoute('about'), handler: aboutView });
  app.route({
    ...studioRoute('aboutUpdate'),
    handler: async (request) => {
      const before = await aboutView();
      await change(request, async (tx) => {
        const row = await writeAbout(tx, request.body);
        return {
          result: undefined,
          change: { action: 'about.update', entity: 'about', entityId: row.id, before, after: request.body },
        };
      });
      return aboutView();
    },
  });
  app.route({
    ...studioRoute('aboutPoster'),
    handler: async (request) => {
      const before = await aboutView();
      const [poster = ''] = await pictureFromUpload(context, request, request.body.upload, pictureSizes.poster);
      await change(request, async (tx) => {
        const row = await writeAbout(tx, { poster });
        return {
          result: undefined,
          change: {
            action: 'about.poster',
            entity: 'about',
            entityId: row.id,
            before: { poster: before.poster },
            after: { poster },
          },
        };
      });
      await retireMedia(db, context.mediaDir, [ownedPath(before.poster)]);
      return aboutView();
    },
  });
  done();
};
