// Efir's own public call beside the spec's: every channel with what it airs now, for the
// switcher between channels on the home and radio pages.
import { efirCalls } from '@efir/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { onAirNow } from '../channels/on-air-now.ts';
import { answerCacheMs, routeOf } from '../lib/route.ts';
import type { RouteContext } from './context.ts';

export const channelsOnAirRoutes: FastifyPluginCallbackZod<RouteContext> = (app, { db, live, clock }, done) => {
  app.route({
    ...routeOf('channelsOnAir', efirCalls.channelsOnAir, { cacheMs: answerCacheMs }),
    handler: async () =>
      (await onAirNow(db, live, clock().getTime(), 0)).map(({ channel, name, main, logo, playlist, now }) => ({
        slug: channel.slug,
        name,
        kind: channel.kind,
        main,
        logo,
        playlist,
        now: now === null ? null : { name: now.name, start: now.start, end: now.end },
      })),
  });
  done();
};
