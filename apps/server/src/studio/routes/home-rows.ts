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
  orderHomeRows,
  removeHomeRow,
  studioHomeRows,
  updateHomeRow,
} from '../../repositories/studio-showcase.ts';
import type { StudioContext } from '../context.ts';
import { pickedItems, routeOrderedList } from '../ordered-list.ts';
import { publicChanges } from '../public-changes.ts';

export const homeRowRoutes: FastifyPluginCallbackZod<StudioContext> = (app, context, done) => {
  const { db } = context;
  const { checkItems } = publicChanges(context);
  routeOrderedList(
    app,
    context,
    { list: 'homeRows', add: 'homeRowAdd', update: 'homeRowUpdate', remove: 'homeRowDelete', order: 'homeRowOrder' },
    {
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
        const videosOf = await pickedItems(db, 'video', rows, (row) => row.videoIds);
        return rows.map((row) => ({
          id: row.id,
          name: row.name,
          position: row.position,
          categoryId: row.categoryId,
          videos: videosOf(row),
        }));
      },
    },
  );
  done();
};
