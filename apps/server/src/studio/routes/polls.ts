// The polls screen: questions with up to four answers, the active ones shown on the site, ordered.
import type { StudioPoll } from '@efir/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
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
import { routeOrderedList } from '../ordered-list.ts';

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
  routeOrderedList(
    app,
    context,
    { list: 'polls', add: 'pollAdd', update: 'pollUpdate', remove: 'pollDelete', order: 'pollOrder' },
    {
      entity: 'poll',
      noSuch: 'Нет такого опроса.',
      rows: studioPolls,
      find: findStudioPoll,
      add: addPoll,
      update: updatePoll,
      remove: removePoll,
      order: orderPolls,
      views: (rows) => rows.map(toPoll),
      audited: toPoll,
    },
  );
  done();
};
