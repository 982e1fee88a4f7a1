// The home rows screen: the home page's rows of videos (a category's or picked), ordered.
import type { StudioHomeRow } from '@efir/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error.ts';
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
import { categoryExists } from '../../repositories/catalogues.ts';
import type { StudioContext } from '../context.ts';
import { studioRoute } from '../route.ts';
import { orderRefused, publicChanges } from '../public-changes.ts';

export const homeRowRoutes: FastifyPluginCallbackZod<StudioContext> = (app, context, done) => {
  const { db } = context;
  const { change, checkItems } = publicChanges(context);
  const homeRowView = async (rows: HomeRowRow[]): Promise<StudioHomeRow[]> => {
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
  };
  const foundHomeRow = async (id: number): Promise<HomeRowRow> => {
    const row = await findHomeRow(db, id);
    if (row === undefined) throw new HttpError(404, 'Нет такого ряда.');
    return row;
  };
  const checkHomeRow = async (fields: { categoryId: number | null; videoIds: number[] }): Promise<void> => {
    if (fields.categoryId !== null && !(await categoryExists(db, 'video', fields.categoryId))) {
      throw new HttpError(400, 'Нет такой рубрики.');
    }
    await checkItems('video', fields.videoIds);
  };
  const oneHomeRow = async (row: HomeRowRow): Promise<StudioHomeRow> => {
    const [view] = await homeRowView([row]);
    if (view === undefined) throw new Error('a home row without its view');
    return view;
  };
  app.route({ ...studioRoute('homeRows'), handler: async () => homeRowView(await studioHomeRows(db)) });
  app.route({
    ...studioRoute('homeRowAdd'),
    handler: async (request) => {
      await checkHomeRow(request.body);
      const row = await change(request, async (tx) => {
        const added = await addHomeRow(tx, request.body);
        return {
          result: added,
          change: { action: 'home-row.add', entity: 'home-row', entityId: added.id, after: added },
        };
      });
      return oneHomeRow(row);
    },
  });
  app.route({
    ...studioRoute('homeRowUpdate'),
    handler: async (request) => {
      const before = await foundHomeRow(request.params.id);
      await checkHomeRow(request.body);
      const row = await change(request, async (tx) => {
        const after = (await updateHomeRow(tx, before.id, request.body)) ?? before;
        return {
          result: after,
          change: { action: 'home-row.update', entity: 'home-row', entityId: before.id, before, after },
        };
      });
      return oneHomeRow(row);
    },
  });
  app.route({
    ...studioRoute('homeRowDelete'),
    handler: async (request) => {
      const before = await foundHomeRow(request.params.id);
      await change(request, async (tx) => {
        await removeHomeRow(tx, before.id);
        return {
          result: undefined,
          change: { action: 'home-row.delete', entity: 'home-row', entityId: before.id, before },
        };
      });
      return { ok: true as const };
    },
  });
  app.route({
    ...studioRoute('homeRowOrder'),
    handler: async (request) => {
      const before = await studioHomeRows(db);
      await change(request, async (tx) => {
        if (!(await orderHomeRows(tx, request.body.ids))) throw orderRefused;
        return {
          result: undefined,
          change: {
            action: 'home-row.order',
            entity: 'home-row',
            before: before.map((row) => row.id),
            after: request.body.ids,
          },
        };
      });
      return homeRowView(await studioHomeRows(db));
    },
  });
  done();
};
