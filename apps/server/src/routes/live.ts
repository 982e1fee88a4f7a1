// The live-state calls of both channels, all derived from the clock and the schedule. The calls
// the spec's page makes to move a channel on (`next`) or to publish what aired keep their paths
// and answers, but the server decides: `next` answers the clock's state and never moves a channel
// ahead of it; publishing is refused for an item that has not finished airing.
import { calls, channelDescriptions, mainChannels } from '@efir/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { clockTimeIn } from '../lib/clock.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import { routeOf } from '../lib/route.ts';
import type { DayPlan } from '../live/live-channel.ts';
import { liveAnswers } from '../live/live-answers.ts';
import { type LiveChannelName, publishAired } from '../repositories/live.ts';
import { findItem } from '../repositories/catalogues.ts';
import { toCatalogueItem } from '../repositories/wire.ts';
import type { RouteContext } from './context.ts';

/** The calls on each main channel's day on the air: the TV's is asked for under two names. */
const dayRunCalls = {
  tv: { today: ['teleprogramToday', 'teleprogramRunStatus'], next: 'teleprogramNext' },
  radio: { today: ['radioprogramToday'], next: 'radioprogramNext' },
} as const;

/** The call publishing an item each main channel aired, and the item's catalogue. */
const publishCalls = {
  tv: { call: 'videoPublish', item: 'video' },
  radio: { call: 'radioPublish', item: 'radio' },
} as const;

export const liveRoutes: FastifyPluginCallbackZod<RouteContext> = (app, { db, clock, timeZone, live }, done) => {
  const answers = liveAnswers(db, live, timeZone);

  /** The day on air now, else today's day, else the JSON string "none". */
  const today = async (channel: LiveChannelName, reply: FastifyReply) => {
    const answer = await answers.today(channel, clock().getTime());
    // Sent as JSON like every other answer (a bare string would go out as text/plain).
    if (answer === 'none') return reply.type('application/json; charset=utf-8').send(JSON.stringify('none'));
    return answer;
  };

  const dayById = async (channel: LiveChannelName, id: number): Promise<DayPlan> => {
    const plan = await answers.dayById(channel, id);
    if (plan === undefined) throw notFound(`No such ${channelDescriptions[channel].dayWord}.`);
    return plan;
  };

  /** A channel's day on the air now (under each name the spec gives that call) and its `next`. */
  const routeDayRun = (channel: LiveChannelName): void => {
    const names = dayRunCalls[channel];
    for (const name of names.today) {
      app.route({ ...routeOf(name, calls[name]), handler: (_request, reply) => today(channel, reply) });
    }
    app.route({
      ...routeOf(names.next, calls[names.next]),
      handler: async (request) => answers.run(channel, await dayById(channel, request.params.id), clock().getTime()),
    });
  };

  /** Publishes an item the channel has finished airing; refused for one it has not. */
  const routePublish = (channel: LiveChannelName): void => {
    const { call, item } = publishCalls[channel];
    app.route({
      ...routeOf(call, calls[call]),
      handler: async (request) => {
        const id = request.params.id;
        if ((await findItem(db, item, id)) === undefined) throw notFound(`No such ${item}.`);
        if (!(await live[channel].hasAired(id, clock().getTime())))
          throw new HttpError(409, `This ${item} has not finished airing yet.`);
        await publishAired(db, mainChannels[channel], id);
        const published = await findItem(db, item, id);
        if (published === undefined) throw notFound(`No such ${item}.`);
        return toCatalogueItem[item](published);
      },
    });
  };

  app.route({
    ...routeOf('timeLive', calls.timeLive),
    handler: () => ({ Time: clockTimeIn(timeZone, clock()) }),
  });

  routeDayRun('tv');

  app.route({
    ...routeOf('tickers', calls.tickers),
    handler: async (request) => answers.tickers(await dayById('tv', request.params.id), clock().getTime()),
  });

  routePublish('tv');

  routeDayRun('radio');

  app.route({
    ...routeOf('radioprogramShow', calls.radioprogramShow),
    handler: async (request) => {
      const plan = await dayById('radio', request.params.id);
      return { show: await answers.radioShows(plan, clock().getTime()) };
    },
  });

  routePublish('radio');
  done();
};
