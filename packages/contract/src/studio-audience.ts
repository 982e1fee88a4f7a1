// The audience as the studio shows it: the players of each channel now (the on-air desk and the
// dashboard) and over a range (views and plays, chat posts, searches and the most asked ones).
// How players are counted is docs/OPERATIONS.md's «Audience».
import { z } from 'zod';
import { channelKinds } from './channels.ts';
import { channelSlugSchema } from './schedule.ts';

export const audienceLimits = {
  /** A player counts until this long after its last fetch of a stream's media playlist. */
  windowSeconds: 30,
  /** Each node writes its players this often, on the clock's multiples of it. */
  sampleSeconds: 10,
  /** Minute buckets older than this are rolled up into hours. */
  minuteDays: 7,
  /** The longest range a report covers. */
  rangeDays: 90,
  /** The most points a series of a report has: its step is the shortest that keeps within it. */
  points: 720,
  /** The most asked searches a report names. */
  searches: 10,
} as const;

/** A report's steps, in seconds: a minute to three hours (90 days in 720 points). */
export const audienceSteps = [60, 300, 900, 3600, 10_800] as const;

/** The players of one of a channel's streams: a copy (`shiftMinutes`) and a rung (`720`, `360`)
 * or, for audio, the playlist a player follows (`m3u`, `apple`). */
export const audienceStreamSchema = z.object({
  shiftMinutes: z.number().int(),
  rung: z.string(),
  players: z.number().int().min(0),
});
export type AudienceStream = z.infer<typeof audienceStreamSchema>;

export const channelAudienceSchema = z.object({
  players: z.number().int().min(0).describe('every stream of the channel, its copies too, on every node'),
  streams: z.array(audienceStreamSchema).describe('the streams someone followed lately, most players first'),
});
export type ChannelAudience = z.infer<typeof channelAudienceSchema>;

const instantSchema = z.coerce.number().int().min(0).describe('ms since the epoch');

/** A report's range: `to` now and `from` a day before when unset; a problem to answer, if any. */
export function audienceRange(
  query: { from?: number | undefined; to?: number | undefined },
  now: number,
): { from: number; to: number } | { problem: string } {
  const to = query.to ?? now;
  const from = query.from ?? to - 86_400_000;
  if (to <= from) return { problem: 'Конец периода должен быть позже начала.' };
  if (to - from > audienceLimits.rangeDays * 86_400_000) {
    return { problem: `Период — не длиннее ${String(audienceLimits.rangeDays)} дней.` };
  }
  return { from, to };
}

export const audienceQuerySchema = z.object({
  from: instantSchema.optional().describe('ms since the epoch; a day before `to` when unset'),
  to: instantSchema.optional().describe('ms since the epoch; now when unset'),
});
export type AudienceQuery = z.infer<typeof audienceQuerySchema>;

export const audienceReportSchema = z.object({
  from: z.number().describe('the first step start (ms), the range aligned to the step'),
  to: z.number(),
  stepSeconds: z.number().int(),
  times: z.array(z.number()).describe("each step's start (ms): every series below has one value per step"),
  now: z.array(
    channelAudienceSchema.extend({ channel: channelSlugSchema, name: z.string(), kind: z.enum(channelKinds) }),
  ),
  channels: z.array(
    z.object({
      channel: channelSlugSchema,
      average: z.array(z.number()).describe('players on average over the step'),
      peak: z.array(z.number().int()).describe("the step's busiest minute (each node's busiest, summed)"),
    }),
  ),
  activity: z.object({
    views: z.array(z.number().int()),
    plays: z.array(z.number().int()),
    chatPosts: z.array(z.number().int()),
    searches: z.array(z.number().int()).describe('searches that found something'),
  }),
  searches: z.array(z.object({ query: z.string(), count: z.number().int() })).describe('the most asked in the range'),
});
export type AudienceReport = z.infer<typeof audienceReportSchema>;

/** The step of a report over `from`–`to`: the shortest within `audienceLimits.points`, an hour at
 * least where the range reaches back past the minute buckets (`minutesFrom`). */
export function audienceStep(from: number, to: number, minutesFrom: number): number {
  const fits = audienceSteps.filter((step) => Math.ceil((to - from) / (step * 1000)) <= audienceLimits.points);
  const step = fits.find((candidate) => from >= minutesFrom || candidate >= 3600);
  return step ?? audienceSteps[4];
}
