// Slideshows, the about page and the polls.
import { calls } from '@efir/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError, badRequest, notFound } from '../lib/http-error.ts';
import { answerCacheMs, routeOf } from '../lib/route.ts';
import { secondsLeftInWindow } from '../repositories/rate-windows.ts';
import { aboutPages, activePolls, findPoll, slideshow, votePoll } from '../repositories/showcase.ts';
import { type PollRow, toPoll, toRadio } from '../repositories/wire.ts';
import type { RouteContext } from './context.ts';

/**
 * The variants a vote raises: `true`, or a counter above the stored one (the spec's client sends
 * the counters it shows with one added to each checked variant). Variants without text never count.
 */
export function chosenVariants(
  vote: Partial<Record<'otvet_1' | 'otvet_2' | 'otvet_3' | 'otvet_4', boolean | number | undefined>>,
  poll: PollRow,
): number[] {
  const variants = [
    { answer: vote.otvet_1, stored: poll.votes1, text: poll.variant1 },
    { answer: vote.otvet_2, stored: poll.votes2, text: poll.variant2 },
    { answer: vote.otvet_3, stored: poll.votes3, text: poll.variant3 },
    { answer: vote.otvet_4, stored: poll.votes4, text: poll.variant4 },
  ];
  return variants.flatMap(({ answer, stored, text }, index) => {
    const raised = answer === true || (typeof answer === 'number' && answer > stored);
    return raised && text.trim() !== '' ? [index + 1] : [];
  });
}

export const showcaseRoutes: FastifyPluginCallbackZod<RouteContext> = (
  app,
  { db, clock, invalidate, visitorLimits },
  done,
) => {
  app.route({
    ...routeOf('slideshow', calls.slideshow, { cacheMs: answerCacheMs }),
    handler: async (request) =>
      (await slideshow(db, request.params.name)).map(({ slide, radio }) => ({
        id: slide.id,
        name: slide.name,
        link: slide.link,
        get_preview: slide.preview,
        tags: slide.tags,
        radio: radio === undefined ? null : toRadio(radio),
      })),
  });

  const toAbout = (row: Awaited<ReturnType<typeof aboutPages>>[number]) => ({
    id: row.id,
    title0: row.title0,
    disc0: row.text0,
    title1: row.title1,
    disc1: row.text1,
    title2: row.title2,
    disc2: row.text2,
    title3: row.title3,
    disc3: row.text3,
    title4: row.title4,
    disc4: row.text4,
    title5: row.title5,
    poster: row.poster,
  });

  app.route({
    ...routeOf('aboutList', calls.aboutList, { cacheMs: answerCacheMs }),
    handler: async () => (await aboutPages(db)).map(toAbout),
  });

  app.route({
    ...routeOf('aboutMain', calls.aboutMain, { cacheMs: answerCacheMs }),
    handler: async () => {
      const first = (await aboutPages(db))[0];
      if (first === undefined) throw notFound('The about page is not written yet.');
      return toAbout(first);
    },
  });

  app.route({
    ...routeOf('polls', calls.polls, { cacheMs: answerCacheMs }),
    handler: async () => (await activePolls(db)).map(toPoll),
  });

  const vote = routeOf('pollVote', calls.pollVote);
  for (const url of [vote.url, `${vote.url}/`]) {
    app.route({
      ...vote,
      url,
      schema: { ...vote.schema, operationId: url === vote.url ? 'pollVote' : 'pollVoteSlash', hide: url !== vote.url },
      handler: async (request, reply) => {
        const found = await findPoll(db, request.params.id);
        if (found === undefined || !found.active) throw notFound('No such poll.');
        const chosen = chosenVariants(request.body, found);
        if (chosen.length === 0) throw badRequest('Choose at least one variant of the poll.');
        const outcome = await votePoll(
          db,
          request.params.id,
          request.visitor,
          chosen,
          visitorLimits.addressActionsPerHour,
          clock(),
        );
        if (outcome.kind === 'no-poll') throw notFound('No such poll.');
        if (outcome.kind === 'already-voted') throw new HttpError(409, 'You have already voted in this poll.');
        if (outcome.kind === 'address-cap') {
          reply.header('retry-after', String(secondsLeftInWindow('hour', clock())));
          throw new HttpError(429, 'Too many votes from your network this hour: try again later.');
        }
        await invalidate('/get/oprosnik/');
        return toPoll(outcome.poll);
      },
    });
  }
  done();
};
