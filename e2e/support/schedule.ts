// Arranges the live channels' day for a browser test through the operators' call, with times
// counted from now on the schedules' wall clock.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { clockTimeIn, createAdminClient, dateIn } from '@efir/contract';
import { runTimeZone } from './time-zone.ts';

/** The date and time of an instant on the schedules' wall clock (the run's sites' zone). */
export function wallClock(instant: Date, zone: string = runTimeZone()): { date: string; time: string } {
  return { date: dateIn(zone, instant), time: clockTimeIn(zone, instant) };
}

/** HH:mm:ss of now plus `seconds` on the schedules' clock. */
export const clockIn = (seconds: number): string => wallClock(new Date(Date.now() + seconds * 1000)).time;

/** Seconds since today's midnight on the schedules' clock: how far back today's day may begin. */
export function secondsSinceMidnight(): number {
  const [h = 0, m = 0, s = 0] = wallClock(new Date()).time.split(':').map(Number);
  return h * 3600 + m * 60 + s;
}

export interface DayPlan {
  /** The day written (YYYY-MM-DD); today's when unset. */
  date?: string;
  /** Seconds from now when the day starts (negative: it began already). */
  startsIn: number;
  finishedText?: string;
  items: { id: number; startsIn?: number; isAd?: boolean }[];
  tickers?: { message: string; startsIn: number; duration: number; speed?: number; videoId?: number | null }[];
}

/** The site whose day is written: the run's shared site unless a test has its own. */
export interface ScheduledSite {
  url: string;
  dataDir: string;
}

const sharedSite = (): ScheduledSite => ({
  url: process.env.E2E_SITE_URL ?? '',
  dataDir: process.env.E2E_DATA_DIR ?? '',
});

/** Writes a day of a channel, today's unless the plan names another; answers the day's id. */
export async function writeToday(
  channel: 'tv' | 'radio',
  plan: DayPlan,
  { url: site, dataDir }: ScheduledSite = sharedSite(),
): Promise<number> {
  // A start before midnight would wrap to the evening of the day written, far in the future.
  if (plan.date === undefined && -plan.startsIn > secondsSinceMidnight()) {
    throw new Error(
      `today began ${String(secondsSinceMidnight())} s ago: a day cannot start ${String(-plan.startsIn)} s back`,
    );
  }
  const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
  const body = {
    startsAt: clockIn(plan.startsIn),
    finishedText: plan.finishedText ?? '',
    items: plan.items.map((item) => ({
      id: item.id,
      startsAt: item.startsIn === undefined ? null : clockIn(item.startsIn),
      isAd: item.isAd ?? false,
    })),
    ...(plan.tickers === undefined
      ? {}
      : {
          tickers: plan.tickers.map((ticker) => ({
            message: ticker.message,
            startsAt: clockIn(ticker.startsIn),
            duration: ticker.duration,
            speed: ticker.speed ?? 120,
            videoId: ticker.videoId ?? null,
          })),
        }),
  };
  const admin = createAdminClient({ baseUrl: site, token });
  const written = await admin('scheduleWrite', {
    params: { channel, date: plan.date ?? wallClock(new Date()).date },
    body,
  });
  return written.id;
}
