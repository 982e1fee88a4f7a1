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
import { toRadio, toVideo } from '../repositories/wire.ts';
import type { RouteContext } from './context.ts';

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

  app.route({
    ...routeOf('timeLive', calls.timeLive),
    handler: () => ({ Time: clockTimeIn(timeZone, clock()) }),
  });

  app.route({
    ...routeOf('teleprogramToday', calls.teleprogramToday),
    handler: (_request, reply) => today('tv', reply),
  });

  app.route({
    ...routeOf('teleprogramRunStatus', calls.teleprogramRunStatus),
    handler: (_request, reply) => today('tv', reply),
  });

  app.route({
    ...routeOf('teleprogramNext', calls.teleprogramNext),
    handler: async (request) => answers.run('tv', await dayById('tv', request.params.id), clock().getTime()),
  });

  app.route({
    ...routeOf('tickers', calls.tickers),
    handler: async (request) => answers.tickers(await dayById('tv', request.params.id), clock().getTime()),
  });

  app.route({
    ...routeOf('videoPublish', calls.videoPublish),
    handler: async (request) => {
      const id = request.params.id;
      if ((await findItem(db, 'video', id)) === undefined) throw notFound('No such video.');
      if (!(await live.tv.hasAired(id, clock().getTime())))
        throw new HttpError(409, 'This video has not finished airing yet.');
      await publishAired(db, mainChannels.tv, id);
      const video = await findItem(db, 'video', id);
      if (video === undefined) throw notFound('No such video.');
      return toVideo(video);
    },
  });

  app.route({
    ...routeOf('radioprogramToday', calls.radioprogramToday),
    handler: (_request, reply) => today('radio', reply),
  });

  app.route({
    ...routeOf('radioprogramNext', calls.radioprogramNext),
    handler: async (request) => answers.run('radio', await dayById('radio', request.params.id), clock().getTime()),
  });

  app.route({
    ...routeOf('radioprogramShow', calls.radioprogramShow),
    handler: async (request) => {
      const plan = await dayById('radio', request.params.id);
      return { show: await answers.radioShows(plan, clock().getTime()) };
    },
  });

  app.route({
    ...routeOf('radioPublish', calls.radioPublish),
    handler: async (request) => {
      const id = request.params.id;
      if ((await findItem(db, 'radio', id)) === undefined) throw notFound('No such radio.');
      if (!(await live.radio.hasAired(id, clock().getTime())))
        throw new HttpError(409, 'This radio has not finished airing yet.');
      await publishAired(db, mainChannels.radio, id);
      const radio = await findItem(db, 'radio', id);
      if (radio === undefined) throw notFound('No such radio.');
      return toRadio(radio);
    },
  });
  done();
};
