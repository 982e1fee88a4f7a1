// The TV and radio schedules: days, a day's items, and the calendar-window filter.
import { calls } from '@efir/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { addDays, clockTimeIn, dateIn } from '../lib/clock.ts';
import { notFound } from '../lib/http-error.ts';
import { answerCacheMs, routeOf } from '../lib/route.ts';
import {
  findRadioprogram,
  findTeleprogram,
  type RadioprogramRow,
  radioprogramDays,
  radioprogramItems,
  type TeleprogramRow,
  teleprogramDays,
  teleprogramItems,
} from '../repositories/programmes.ts';
import type { LiveChannelName } from '../repositories/live.ts';
import { toClockTime, toProgrammeDay, toRadio, toVideo } from '../repositories/wire.ts';
import type { RouteContext } from './context.ts';

export const programmeRoutes: FastifyPluginCallbackZod<RouteContext> = (app, { db, clock, timeZone, live }, done) => {
  const today = (): string => dateIn(timeZone, clock());
  /** Days within `index` days of today, both ways. */
  const window = (index: number) => {
    const now = today();
    return { from: addDays(now, -index), to: addDays(now, index) };
  };

  const days = async (channel: LiveChannelName, rows: (TeleprogramRow | RadioprogramRow)[]) => {
    const t = clock().getTime();
    return (await Promise.all(rows.map((row) => live[channel].dayRun(row, t)))).map(toProgrammeDay);
  };
  /** When each item of a day airs, by item id, on the schedules' clock (HH:mm:ss). */
  const slotStarts = async (channel: LiveChannelName, day: string): Promise<Map<number, string>> => {
    const starts = await live[channel].itemStarts(day);
    return new Map([...starts].map(([id, start]) => [id, clockTimeIn(timeZone, new Date(start))]));
  };
  const onAir = (channel: LiveChannelName, day: string) => live[channel].showing(day, clock().getTime());

  app.route({
    ...routeOf('teleprogramList', calls.teleprogramList, { cacheMs: answerCacheMs }),
    handler: async () => days('tv', await teleprogramDays(db)),
  });

  app.route({
    ...routeOf('teleprogramListFilter', calls.teleprogramListFilter, { cacheMs: answerCacheMs }),
    handler: async (request) => days('tv', await teleprogramDays(db, window(request.params.index))),
  });

  const teleprogramItemsAnswer = async (id: number, withAds: boolean) => {
    const day = await findTeleprogram(db, id);
    if (day === undefined) throw notFound('No such teleprogram.');
    const items = await teleprogramItems(db, id, withAds);
    const starts = await slotStarts('tv', day.day);
    return {
      day,
      results: items.map(({ item, video }) => ({
        id: item.id,
        time_to_start: starts.get(item.id) ?? toClockTime(item.startsAt),
        video: toVideo(video),
      })),
    };
  };

  app.route({
    ...routeOf('teleprogramVideos', calls.teleprogramVideos, { cacheMs: answerCacheMs }),
    handler: async (request) => ({ results: (await teleprogramItemsAnswer(request.params.id, false)).results }),
  });

  app.route({
    ...routeOf('teleprogramVideosWithAds', calls.teleprogramVideosWithAds, { cacheMs: answerCacheMs }),
    handler: async (request) => {
      const { day, results } = await teleprogramItemsAnswer(request.params.id, true);
      return { results, show: await onAir('tv', day.day) };
    },
  });

  app.route({
    ...routeOf('radioprogramList', calls.radioprogramList, { cacheMs: answerCacheMs }),
    handler: async () => days('radio', await radioprogramDays(db)),
  });

  app.route({
    ...routeOf('radioprogramListFilter', calls.radioprogramListFilter, { cacheMs: answerCacheMs }),
    handler: async (request) => days('radio', await radioprogramDays(db, window(request.params.index))),
  });

  const radioprogramItemsAnswer = async (id: number, withAds: boolean) => {
    const day = await findRadioprogram(db, id);
    if (day === undefined) throw notFound('No such radioprogram.');
    const items = await radioprogramItems(db, id, withAds);
    const starts = await slotStarts('radio', day.day);
    return {
      day,
      results: items.map(({ item, radio }) => ({
        id: item.id,
        time_to_start: starts.get(item.id) ?? toClockTime(item.startsAt),
        radio: toRadio(radio),
        draft: item.draft,
      })),
    };
  };

  app.route({
    ...routeOf('radioprogramRadios', calls.radioprogramRadios, { cacheMs: answerCacheMs }),
    handler: async (request) => ({ results: (await radioprogramItemsAnswer(request.params.id, false)).results }),
  });

  app.route({
    ...routeOf('radioprogramRadiosWithAds', calls.radioprogramRadiosWithAds, { cacheMs: answerCacheMs }),
    handler: async (request) => {
      const { day, results } = await radioprogramItemsAnswer(request.params.id, true);
      return { results, show: await onAir('radio', day.day) };
    },
  });
  done();
};
