// What the live-state calls answer, for the routes that answer them and for the event stream that
// pushes the same answers: one place decides what "the day on air" and "its tickers" are.
import { mainChannels, type ProgrammeDay, type Ticker } from '@efir/contract';
import type { Db } from '../db/database.ts';
import { dateIn } from '../lib/clock.ts';
import { dayTickers, type LiveChannelName, liveDayDate } from '../repositories/live.ts';
import { toClockTime, toProgrammeDay } from '../repositories/wire.ts';
import type { DayPlan } from './live-channel.ts';
import type { LiveChannels } from './live-channels.ts';

export interface LiveAnswers {
  /** The day on air at `t`, else that date's day, else 'none' (the `today` and `run` calls). */
  today(channel: LiveChannelName, t: number): Promise<ProgrammeDay | 'none'>;
  /** A day's run object at `t` (teleprogram and radioprogram have one shape). */
  run(channel: LiveChannelName, plan: DayPlan, t: number): Promise<ProgrammeDay>;
  /** The day with this id, if it has a plan. */
  dayById(channel: LiveChannelName, id: number): Promise<DayPlan | undefined>;
  /** The TV day's tickers at `t`: the whole day's, and those of its item on air. */
  tickers(plan: DayPlan, t: number): Promise<Ticker[]>;
  /** Whether the radio day's player shows at `t`. */
  radioShows(plan: DayPlan, t: number): Promise<boolean>;
}

export function liveAnswers(db: Db, live: LiveChannels, timeZone: string): LiveAnswers {
  const run = async (channel: LiveChannelName, plan: DayPlan, t: number) =>
    toProgrammeDay(await live[channel].dayRun(plan.schedule, t));
  return {
    run,
    async today(channel, t) {
      const onAir = await live[channel].onAirAt(t);
      const plan = onAir?.plan ?? (await live[channel].plan(dateIn(timeZone, new Date(t))));
      return plan === undefined ? 'none' : run(channel, plan, t);
    },
    async dayById(channel, id) {
      const date = await liveDayDate(db, mainChannels[channel], id);
      return date === undefined ? undefined : live[channel].plan(date);
    },
    async tickers(plan, t) {
      const onAir = await live.tv.onAirAt(t);
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
    radioShows: (plan, t) => live.radio.showing(plan.schedule.day, t),
  };
}
