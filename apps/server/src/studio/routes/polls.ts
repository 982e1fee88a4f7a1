// The polls screen: questions with up to four answers, the active ones shown on the site, ordered.
import type { StudioPoll } from '@efir/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error.ts';
import {
  addPoll,
  findStudioPoll,
  orderPolls,
  type PollRow,
  removePoll,
  studioPolls,
  updatePoll,
} from '../../repositories/studio-showcase.ts';
import type { StudioContext } from '../context.ts';
import { studioRoute } from '../route.ts';
import { orderRefused, publicChanges } from '../public-changes.ts';

function toPoll(row: PollRow): StudioPoll {
  return {
    id: row.id,
    question: row.question,
    variants: [row.variant1, row.variant2, row.variant3, row.variant4],
    votes: [row.votes1, row.votes2, row.votes3, row.votes4],
    active: row.active,
    position: row.position,
  };
}

export const pollRoutes: FastifyPluginCallbackZod<StudioContext> = (app, context, done) => {
  const { db } = context;
  const { change } = publicChanges(context);
  const foundPoll = async (id: number): Promise<PollRow> => {
    const row = await findStudioPoll(db, id);
    if (row === undefined) throw new HttpError(404, 'Нет такого опроса.');
    return row;
  };
  app.route({ ...studioRoute('polls'), handler: async () => (await studioPolls(db)).map(toPoll) });
  app.route({
    ...studioRoute('pollAdd'),
    handler: async (request) => {
      const row = await change(request, async (tx) => {
        const added = await addPoll(tx, request.body);
        return {
          result: added,
          change: { action: 'poll.add', entity: 'poll', entityId: added.id, after: toPoll(added) },
        };
      });
      return toPoll(row);
    },
  });
  app.route({
    ...studioRoute('pollUpdate'),
    handler: async (request) => {
      const before = await foundPoll(request.params.id);
      const row = await change(request, async (tx) => {
        const after = (await updatePoll(tx, before.id, request.body)) ?? before;
        return {
          result: after,
          change: {
            action: 'poll.update',
            entity: 'poll',
            entityId: before.id,
            before: toPoll(before),
            after: toPoll(after),
          },
        };
      });
      return toPoll(row);
    },
  });
  app.route({
    ...studioRoute('pollDelete'),
    handler: async (request) => {
      const before = await foundPoll(request.params.id);
      await change(request, async (tx) => {
        await removePoll(tx, before.id);
        return {
          result: undefined,
          change: { action: 'poll.delete', entity: 'poll', entityId: before.id, before: toPoll(before) },
        };
      });
      return { ok: true as const };
    },
  });
  app.route({
    ...studioRoute('pollOrder'),
    handler: async (request) => {
      const before = await studioPolls(db);
      await change(request, async (tx) => {
        if (!(await orderPolls(tx, request.body.ids))) throw orderRefused;
        return {
          result: undefined,
          change: {
            action: 'poll.order',
            entity: 'poll',
            before: before.map((row) => row.id),
            after: request.body.ids,
          },
        };
      });
      return (await studioPolls(db)).map(toPoll);
    },
  });
  done();
};
