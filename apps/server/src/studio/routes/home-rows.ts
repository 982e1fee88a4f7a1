// The home rows screen: the home page's rows of videos (a category's or picked), ordered (the list
// is the studio's ordered list, ordered-list.ts).
import type { StudioHomeRow } from '@efir/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error.ts';
import { categoryExists } from '../../repositories/catalogues.ts';
import {
  addHomeRow,
  findHomeRow,
  type HomeRowRow,
  itemNames,
  orderHomeRows,
  removeHomeRow,
  studioHomeRows,
  updateHomeRow,
} from '../../repositories/studio-showcase.ts';
import type { StudioContext } from '../context.ts';
import { orderedList } from '../ordered-list.ts';
import { publicChanges } from '../public-changes.ts';
import { studioRoute } from '../route.ts';

export const homeRowRoutes: FastifyPluginCallbackZod<StudioContext> = (app, context, done) => {
  const { db } = context;
  const { checkItems } = publicChanges(context);
  const homeRows = orderedList(context, {
    entity: 'home-row',
    noSuch: 'Нет такого ряда.',
    rows: studioHomeRows,
    find: findHomeRow,
    add: addHomeRow,
    update: updateHomeRow,
    remove: removeHomeRow,
    order: orderHomeRows,
    check: async (fields) => {
      if (fields.categoryId !== null && !(await categoryExists(db, 'video', fields.categoryId))) {
        throw new HttpError(400, 'Нет такой рубрики.');
      }
      await checkItems('video', fields.videoIds);
    },
    views: async (rows: HomeRowRow[]): Promise<StudioHomeRow[]> => {
      const names = await itemNames(
        db,
        'video',
        rows.flatMap((row) => row.videoIds),
      );
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        position: row.position,
        categoryId: row.categoryId,
        videos: row.videoIds.flatMap((id) => {
          const name = names.get(id);
          return name === undefined ? [] : [{ id, name }];
        }),
      }));
    },
  });
  app.route({ ...studioRoute('homeRows'), handler: () => homeRows.list(undefined) });
  app.route({ ...studioRoute('homeRowAdd'), handler: (request) => homeRows.add(request, request.body, undefined) });
  app.route({
    ...studioRoute('homeRowUpdate'),
    handler: (request) => homeRows.update(request, request.params.id, request.body),
  });
  app.route({
    ...studioRoute('homeRowDelete'),
    handler: async (request) => {
      await homeRows.remove(request, request.params.id);
      return { ok: true as const };
    },
  });
  app.route({
    ...studioRoute('homeRowOrder'),
    handler: (request) => homeRows.order(request, request.body.ids, undefined),
  });
  done();
};
