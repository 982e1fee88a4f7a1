// The TV and radio schedules: days, a day's items, and the calendar-window filter.
import { calls } from '@efir/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { addDays, clockTimeIn, dateIn } from '../lib/clock.ts';
import { notFound } from '../lib/http-error.ts';
import { answerCacheMs, routeOf } from '../lib/route.ts';
import {
  findProgrammeDay,
  type ProgrammeDayRow,
  programmeDays,
  radioprogramItems,
  teleprogramItems,
} from '../repositories/programmes.ts';
import type { LiveChannelName } from '../repositories/live.ts';
import { toClockTime, toProgrammeDay, toRadio, toVideo } from '../repositories/wire.ts';
import type { RouteContext } from './context.ts';

/** The calls on each main channel's days. */
const dayCalls = {
  tv: { list: 'teleprogramList', listFilter: 'teleprogramListFilter' },
  radio: { list: 'radioprogramList', listFilter: 'radioprogramListFilter' },
} as const;

export const programmeRoutes: FastifyPluginCallbackZod<RouteContext> = (app, { db, clock, timeZone, live }, done) => {
  const today = (): string => dateIn(timeZone, clock());
  /** Days within `index` days of today, both ways. */
  const window = (index: number) => {
    const now = today();
    return { from: addDays(now, -index), to: addDays(now, index) };
  };

  const days = async (channel: LiveChannelName, rows: ProgrammeDayRow[]) => {
    const t = clock().getTime();
    return (await Promise.all(rows.map((row) => live[channel].dayRun(row, t)))).map(toProgrammeDay);
  };
  /** A day of a main channel, or the answer that there is none. */
  const foundDay = async (channel: LiveChannelName, id: number): Promise<ProgrammeDayRow> => {
    const day = await findProgrammeDay(db, channel, id);
    if (day === undefined) throw notFound(`No such ${channel === 'tv' ? 'teleprogram' : 'radioprogram'}.`);
    return day;
  };
  /** When each item of a day airs, by item id, on the schedules' clock (HH:mm:ss). */
  const slotStarts = async (channel: LiveChannelName, day: string): Promise<Map<number, string>> => {
    const starts = await live[channel].itemStarts(day);
    return new Map([...starts].map(([id, start]) => [id, clockTimeIn(timeZone, new Date(start))]));
  };
  /** A day's items as the calls answer them: each its id, when it airs and what `answer` adds. */
  const dayItems = async <Row extends { item: { id: number; startsAt: string | null } }, Answer>(
    channel: LiveChannelName,
    id: number,
    rows: () => Promise<Row[]>,
    answer: (row: Row) => Answer,
  ): Promise<{ day: ProgrammeDayRow; results: ({ id: number; time_to_start: string } & Answer)[] }> => {
    const day = await foundDay(channel, id);
    const items = await rows();
    const starts = await slotStarts(channel, day.day);
    return {
      day,
      results: items.map((row) => ({
        id: row.item.id,
        time_to_start: starts.get(row.item.id) ?? toClockTime(row.item.startsAt),
        ...answer(row),
      })),
    };
  };
  /** A main channel's days, all of them and those within a window of today. */
  const routeDays = (channel: LiveChannelName): void => {
    const names = dayCalls[channel];
    app.route({
      ...routeOf(names.list, calls[names.list], { cacheMs: answerCacheMs }),
      handler: async () => days(channel, await programmeDays(db, channel)),
    });
    app.route({
      ...routeOf(names.listFilter, calls[names.listFilter], { cacheMs: answerCacheMs }),
      handler: async (request) => days(channel, await programmeDays(db, channel, window(request.params.index))),
    });
  };
  const onAir = (channel: LiveChannelName, day: string) => live[channel].showing(day, clock().getTime());

  routeDays('tv');

  const teleprogramItemsAnswer = (id: number, withAds: boolean) =>
    dayItems(
      'tv',
      id,
      () => teleprogramItems(db, id, withAds),
      ({ video }) => ({ video: toVideo(video) }),
    );

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

  routeDays('radio');

  const radioprogramItemsAnswer = (id: number, withAds: boolean) =>
    dayItems(
      'radio',
      id,
      () => radioprogramItems(db, id, withAds),
      ({ item, radio }) => ({
        radio: toRadio(radio),
        draft: item.draft,
      }),
    );

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
