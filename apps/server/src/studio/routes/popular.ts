// The popular picks screen: the radio page's first programmes and songs, the most played after.
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error.ts';
import { itemNames, popularPickIds, radiosOfKind, writePopularPicks } from '../../repositories/studio-showcase.ts';
import type { StudioContext } from '../context.ts';
import { studioRoute } from '../route.ts';
import { publicChanges } from '../public-changes.ts';

export const popularPickRoutes: FastifyPluginCallbackZod<StudioContext> = (app, context, done) => {
  const { db } = context;
  const { change, checkItems } = publicChanges(context);
  const kindOf = (name: 'programmes' | 'songs'): 1 | 2 => (name === 'programmes' ? 1 : 2);
  const popularView = async (kind: 1 | 2) => {
    const ids = await popularPickIds(db, kind);
    const names = await itemNames(db, 'radio', ids);
    return { radios: ids.flatMap((id) => (names.has(id) ? [{ id, name: names.get(id) ?? '' }] : [])) };
  };
  app.route({ ...studioRoute('popularPicks'), handler: async (request) => popularView(kindOf(request.params.kind)) });
  app.route({
    ...studioRoute('popularPicksWrite'),
    handler: async (request) => {
      const kind = kindOf(request.params.kind);
      const { radioIds } = request.body;
      await checkItems('radio', radioIds);
      const ofKind = await radiosOfKind(db, kind, radioIds);
      const other = radioIds.find((id) => !ofKind.has(id));
      if (other !== undefined) {
        throw new HttpError(
          400,
          `Радиозапись ${String(other)} — ${kind === 1 ? 'песня, а не передача' : 'передача, а не песня'}.`,
        );
      }
      const before = await popularPickIds(db, kind);
      await change(request, async (tx) => {
        await writePopularPicks(tx, kind, radioIds);
        return {
          result: undefined,
          change: { action: 'popular.update', entity: 'popular', entityId: kind, before, after: radioIds },
        };
      });
      return popularView(kind);
    },
  });
  done();
};
