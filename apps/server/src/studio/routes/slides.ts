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
import { orderedList } from '../ordered-list.ts';

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
  const slides = orderedList(context, {
    entity: 'slide',
    noSuch: 'Нет такого слайда.',
    rows: studioSlides,
    find: findSlide,
    add: (tx, fields: Parameters<typeof addSlide>[2], show: StudioSlide['show']) => addSlide(tx, show, fields),
    update: updateSlide,
    remove: removeSlide,
    order: (tx, ids, show) => orderSlides(tx, show, ids),
    views: (rows) => rows.map(toSlide),
    check: async ({ radioId }) => {
      if (radioId !== undefined && radioId !== null && !(await radioExists(db, radioId))) {
        throw new HttpError(400, `Нет радиозаписи с номером ${String(radioId)}.`);
      }
    },
  });
  app.route({ ...studioRoute('slides'), handler: (request) => slides.list(request.params.show) });
  app.route({
    ...studioRoute('slideAdd'),
    handler: (request) => slides.add(request, request.body, request.params.show),
  });
  app.route({
    ...studioRoute('slideUpdate'),
    handler: (request) => slides.update(request, request.params.id, request.body),
  });
  app.route({
    ...studioRoute('slideDelete'),
    handler: async (request) => {
      const removed = await slides.remove(request, request.params.id);
      await retireMedia(db, context.mediaDir, [ownedPath(removed.preview)]);
      return { ok: true as const };
    },
  });
  app.route({
    ...studioRoute('slideOrder'),
    handler: (request) => slides.order(request, request.body.ids, request.params.show),
  });
  app.route({
    ...studioRoute('slidePreview'),
    handler: async (request) => {
      const before = await slides.find(request.params.id);
      const [preview = ''] = await pictureFromUpload(context, request, request.body.upload, pictureSizes.slide);
      const slide = await slides.edit(request, 'preview', before, (tx) => updateSlide(tx, before.id, { preview }));
      await retireMedia(db, context.mediaDir, [ownedPath(before.preview)]);
      return slide;
    },
  });
  done();
};
