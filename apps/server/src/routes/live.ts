// The live-state calls of both channels, all derived from the clock and the schedule. The calls
// the spec's page makes to move a channel on (`next`) or to publish what aired keep their paths
// and answers, but the server decides: `next` answers the clock's state and never moves a channel
// ahead of it; publishing is refused for an item that has not finished airing.
import { calls, type Ticker } from '@efir/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { clockTimeIn, dateIn } from '../lib/clock.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import { routeOf } from '../lib/route.ts';
import type { DayPlan } from '../live/live-channel.ts';
import { dayTickers, type LiveChannelName, liveDayDate, publishAired } from '../repositories/live.ts';
import { findRadio } from '../repositories/radios.ts';
import { findVideo } from '../repositories/videos.ts';
import { toClockTime, toProgrammeDay, toRadio, toVideo } from '../repositories/wire.ts';
import type { RouteContext } from './context.ts';

export const liveRoutes: FastifyPluginCallbackZod<RouteContext> = (app, { db, clock, timeZone, live }, done) => {
  /** A day's run object (teleprogram and radioprogram have one shape). */
  const runOf = async (channel: LiveChannelName, plan: DayPlan, t: number) =>
    toProgrammeDay(await live[channel].dayRun(plan.schedule, t));

  /** The day on air now, else today's day, else the JSON string "none". */
  const today = async (channel: LiveChannelName, reply: FastifyReply) => {
    const t = clock().getTime();
    const onAir = await live[channel].onAirAt(t);
    const plan = onAir?.plan ?? (await live[channel].plan(dateIn(timeZone, new Date(t))));
    // Sent as JSON like every other answer (a bare string would go out as text/plain).
    if (plan === undefined) return reply.type('application/json; charset=utf-8').send(JSON.stringify('none'));
    return runOf(channel, plan, t);
  };

  const dayById = async (channel: LiveChannelName, id: number): Promise<DayPlan> => {
    const date = await liveDayDate(db, channel, id);
    const plan = date === undefined ? undefined : await live[channel].plan(date);
    if (plan === undefined) throw notFound(channel === 'tv' ? 'No such teleprogram.' : 'No such radioprogram.');
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
    handler: async (request) => runOf('tv', await dayById('tv', request.params.id), clock().getTime()),
  });

  app.route({
    ...routeOf('tickers', calls.tickers),
    handler: async (request): Promise<Ticker[]> => {
      const plan = await dayById('tv', request.params.id);
      const onAir = await live.tv.onAirAt(clock().getTime());
      const current =
        onAir?.plan.schedule.id === plan.schedule.id && onAir.onAir.itemIndex !== null
          ? plan.schedule.items[onAir.onAir.itemIndex]?.mediaId
          : undefined;
      const rows = await dayTickers(db, plan.schedule.id);
      return rows
        .filter((row) => row.videoId === null || row.videoId === current)
        .map((row) => ({
          id: row.id,
          video_content_id: row.videoId,
          message: row.message,
          start_time: toClockTime(row.startsAt),
          duration: row.durationSeconds,
          speed: row.speed,
        }));
    },
  });

  app.route({
    ...routeOf('videoPublish', calls.videoPublish),
    handler: async (request) => {
      const id = request.params.id;
      if ((await findVideo(db, id)) === undefined) throw notFound('No such video.');
      if (!(await live.tv.hasAired(id, clock().getTime())))
        throw new HttpError(409, 'This video has not finished airing yet.');
      await publishAired(db, 'tv', id);
      const video = await findVideo(db, id);
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
    handler: async (request) => runOf('radio', await dayById('radio', request.params.id), clock().getTime()),
  });

  app.route({
    ...routeOf('radioprogramShow', calls.radioprogramShow),
    handler: async (request) => {
      const plan = await dayById('radio', request.params.id);
      return { show: await live.radio.showing(plan.schedule.day, clock().getTime()) };
    },
  });

  app.route({
    ...routeOf('radioPublish', calls.radioPublish),
    handler: async (request) => {
      const id = request.params.id;
      if ((await findRadio(db, id)) === undefined) throw notFound('No such radio.');
      if (!(await live.radio.hasAired(id, clock().getTime())))
        throw new HttpError(409, 'This radio has not finished airing yet.');
      await publishAired(db, 'radio', id);
      const radio = await findRadio(db, id);
      if (radio === undefined) throw notFound('No such radio.');
      return toRadio(radio);
    },
  });
  done();
};
