// The slides screen: the three slideshows' slides with their picture, link and tags, ordered, and
// a preview of a slideshow as the site shows it.
import type { StudioSlide } from '@efir/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error.ts';
import { ownedPath, retireMedia } from '../../media/media-files.ts';
import { pictureSizes } from '../../media/pictures.ts';
import { pictureFromUpload } from '../pictures.ts';
import {
  addSlide,
  findSlide,
  orderSlides,
  radioExists,
  removeSlide,
  type SlideRow,
  studioSlides,
  updateSlide,
} from '../../repositories/studio-showcase.ts';
import type { StudioContext } from '../context.ts';
import { studioRoute } from '../route.ts';
import { orderRefused, publicChanges } from '../public-changes.ts';

function toSlide(row: SlideRow): StudioSlide {
  return {
    id: row.id,
    show: row.slideshow as StudioSlide['show'],
    position: row.position,
    name: row.name,
    link: row.link,
    preview: row.preview,
    tags: row.tags,
    radioId: row.radioId,
  };
}

export const slideRoutes: FastifyPluginCallbackZod<StudioContext> = (app, context, done) => {
  const { db } = context;
  const { change } = publicChanges(context);
  const foundSlide = async (id: number): Promise<SlideRow> => {
    const row = await findSlide(db, id);
    if (row === undefined) throw new HttpError(404, 'Нет такого слайда.');
    return row;
  };
  const checkSlideRadio = async (radioId: number | null | undefined): Promise<void> => {
    if (radioId !== undefined && radioId !== null && !(await radioExists(db, radioId))) {
      throw new HttpError(400, `Нет радиозаписи с номером ${String(radioId)}.`);
    }
  };
  app.route({
    ...studioRoute('slides'),
    handler: async (request) => (await studioSlides(db, request.params.show)).map(toSlide),
  });
  app.route({
    ...studioRoute('slideAdd'),
    handler: async (request) => {
      await checkSlideRadio(request.body.radioId);
      const row = await change(request, async (tx) => {
        const added = await addSlide(tx, request.params.show, request.body);
        return { result: added, change: { action: 'slide.add', entity: 'slide', entityId: added.id, after: added } };
      });
      return toSlide(row);
    },
  });
  app.route({
    ...studioRoute('slideUpdate'),
    handler: async (request) => {
      const before = await foundSlide(request.params.id);
      await checkSlideRadio(request.body.radioId);
      const row = await change(request, async (tx) => {
        const after = (await updateSlide(tx, before.id, request.body)) ?? before;
        return {
          result: after,
          change: { action: 'slide.update', entity: 'slide', entityId: before.id, before, after },
        };
      });
      return toSlide(row);
    },
  });
  app.route({
    ...studioRoute('slideDelete'),
    handler: async (request) => {
      const before = await foundSlide(request.params.id);
      await change(request, async (tx) => {
        await removeSlide(tx, before.id);
        return { result: undefined, change: { action: 'slide.delete', entity: 'slide', entityId: before.id, before } };
      });
      await retireMedia(db, context.mediaDir, [ownedPath(before.preview)]);
      return { ok: true as const };
    },
  });
  app.route({
    ...studioRoute('slideOrder'),
    handler: async (request) => {
      const { show } = request.params;
      const before = await studioSlides(db, show);
      await change(request, async (tx) => {
        if (!(await orderSlides(tx, show, request.body.ids))) throw orderRefused;
        return {
          result: undefined,
          change: {
            action: 'slide.order',
            entity: 'slide',
            before: before.map((row) => row.id),
            after: request.body.ids,
          },
        };
      });
      return (await studioSlides(db, show)).map(toSlide);
    },
  });
  app.route({
    ...studioRoute('slidePreview'),
    handler: async (request) => {
      const before = await foundSlide(request.params.id);
      const [preview = ''] = await pictureFromUpload(context, request, request.body.upload, pictureSizes.slide);
      const row = await change(request, async (tx) => {
        const after = (await updateSlide(tx, before.id, { preview })) ?? before;
        return {
          result: after,
          change: { action: 'slide.preview', entity: 'slide', entityId: before.id, before, after },
        };
      });
      await retireMedia(db, context.mediaDir, [ownedPath(before.preview)]);
      return toSlide(row);
    },
  });
  done();
};
