// The categories screen: video and radio categories, added, renamed, removed when empty and
// ordered; the same calls over the two tables.
import type { StudioCategory } from '@efir/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error.ts';
import {
  addCategory,
  type CategoryKind,
  findCategory,
  orderCategories,
  removeCategory,
  renameCategory,
  studioCategories,
} from '../../repositories/studio-showcase.ts';
import type { StudioContext } from '../context.ts';
import { studioRoute } from '../route.ts';
import { orderRefused, publicChanges } from '../public-changes.ts';

export const categoryRoutes: FastifyPluginCallbackZod<StudioContext> = (app, context, done) => {
  const { db } = context;
  const { change } = publicChanges(context);
  const categoryRoutes = (kind: CategoryKind): void => {
    const names = {
      video: {
        list: 'videoCategories',
        add: 'videoCategoryAdd',
        update: 'videoCategoryUpdate',
        remove: 'videoCategoryDelete',
        order: 'videoCategoryOrder',
      },
      radio: {
        list: 'radioCategories',
        add: 'radioCategoryAdd',
        update: 'radioCategoryUpdate',
        remove: 'radioCategoryDelete',
        order: 'radioCategoryOrder',
      },
    } as const;
    const calls = names[kind];
    const entity = `${kind}-category`;
    const found = async (id: number): Promise<StudioCategory> => {
      const row = await findCategory(db, kind, id);
      if (row === undefined) throw new HttpError(404, 'Нет такой рубрики.');
      return row;
    };
    app.route({ ...studioRoute(calls.list), handler: () => studioCategories(db, kind) });
    app.route({
      ...studioRoute(calls.add),
      handler: async (request) => {
        const id = await change(request, async (tx) => {
          const added = await addCategory(tx, kind, request.body.name);
          return { result: added, change: { action: `${entity}.add`, entity, entityId: added, after: request.body } };
        });
        return found(id);
      },
    });
    app.route({
      ...studioRoute(calls.update),
      handler: async (request) => {
        const before = await found(request.params.id);
        await change(request, async (tx) => {
          await renameCategory(tx, kind, before.id, request.body.name);
          return {
            result: undefined,
            change: { action: `${entity}.update`, entity, entityId: before.id, before, after: request.body },
          };
        });
        return found(before.id);
      },
    });
    app.route({
      ...studioRoute(calls.remove),
      handler: async (request) => {
        const before = await found(request.params.id);
        await change(request, async (tx) => {
          if (!(await removeCategory(tx, kind, before.id))) {
            throw new HttpError(
              409,
              `В рубрике ${String(before.items)} шт.: перенесите их в другую рубрику, потом удалите её.`,
            );
          }
          return { result: undefined, change: { action: `${entity}.delete`, entity, entityId: before.id, before } };
        });
        return { ok: true as const };
      },
    });
    app.route({
      ...studioRoute(calls.order),
      handler: async (request) => {
        const before = await studioCategories(db, kind);
        await change(request, async (tx) => {
          if (!(await orderCategories(tx, kind, request.body.ids))) throw orderRefused;
          return {
            result: undefined,
            change: { action: `${entity}.order`, entity, before: before.map((row) => row.id), after: request.body.ids },
          };
        });
        return studioCategories(db, kind);
      },
    });
  };
  categoryRoutes('video');
  categoryRoutes('radio');
  done();
};
