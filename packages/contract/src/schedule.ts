// A channel's day as editors and operators write it: its start, finished text, items and (TV)
// tickers. Shared by the operators' call (admin.ts) and the studio's schedule editor (studio.ts).
import { z } from 'zod';
import { channelKinds, channelLimits, channelSlugPattern, mainChannelNames } from './channels.ts';
import { clockTimeSchema } from './entities.ts';

/** The spec's two channels, whose days its calls answer. */
export const liveChannelSchema = z.enum(mainChannelNames);

/** Any channel the site airs, by its slug: the main two, or one an operator added. */
export const channelSlugSchema = z
  .string()
  .regex(channelSlugPattern, 'Адрес канала: 2–24 строчные латинские буквы, цифры и дефисы.')
  .describe("the channel: tv, radio, or an added channel's slug");

/** A channel the site airs. */
export const channelSchema = z.object({
  slug: channelSlugSchema,
  name: z.string(),
  kind: z.enum(channelKinds).describe('video: a TV channel of the video catalogue; audio: a radio channel'),
  main: z.boolean().describe("one of the spec's two, tv and radio"),
  logo: z.string().nullable().describe("its logo's address under /media/, or null for the site's own"),
});
export type ChannelView = z.infer<typeof channelSchema>;

/** A channel to add: its slug is its streams' folder, for good. */
export const channelAddSchema = z.object({
  slug: channelSlugSchema,
  name: z.string().trim().min(1, 'Название канала не может быть пустым').max(channelLimits.name),
  kind: z.enum(channelKinds),
});
export type ChannelAdd = z.infer<typeof channelAddSchema>;

export const scheduleLimits = {
  /** Items in one day. */
  items: 5000,
  /** Tickers in one day. */
  tickers: 1000,
  /** Days one copy writes, and the days its range may span (a weekday's repeats for a year). */
  copyDays: 62,
  copyRangeDays: 366,
  /** Days the week view shows. */
  weekDays: 7,
  /** Saved versions of a day listed for reopening, newest first. */
  versions: 50,
  /** Characters of a ticker's message, and of the text shown when the day's programmes end. */
  tickerMessage: 500,
  finishedText: 2000,
  /** A ticker's longest run (seconds) and fastest speed (pixels per second). */
  tickerSeconds: 86_400,
  tickerSpeed: 5000,
} as const;

export const scheduleItemSchema = z.object({
  id: z.number().int().min(1).describe("the video's (tv) or radio's id"),
  startsAt: clockTimeSchema.nullable().default(null).describe('null: right after the item before'),
  isAd: z.boolean().default(false),
  draft: z
    .union([z.literal(0), z.literal(1), z.literal(2)])
    .default(0)
    .describe('radio only: 2 keeps the item from airing'),
});
export type ScheduleItem = z.input<typeof scheduleItemSchema>;

export const scheduleTickerSchema = z.object({
  videoId: z.number().int().min(1).nullable().default(null).describe('null: the whole day'),
  message: z.string().trim().min(1, 'Бегущая строка: текст не может быть пустым').max(scheduleLimits.tickerMessage),
  startsAt: clockTimeSchema,
  duration: z.number().positive().max(scheduleLimits.tickerSeconds).default(10).describe('seconds'),
  speed: z.number().positive().max(scheduleLimits.tickerSpeed).default(80).describe('pixels per second'),
});
export type ScheduleTicker = z.input<typeof scheduleTickerSchema>;

export const scheduleDaySchema = z.object({
  startsAt: clockTimeSchema.default('00:00:00'),
  finishedText: z.string().max(scheduleLimits.finishedText).default(''),
  items: z.array(scheduleItemSchema).max(scheduleLimits.items),
  tickers: z.array(scheduleTickerSchema).max(scheduleLimits.tickers).optional().describe('TV only'),
});
export type ScheduleDay = z.input<typeof scheduleDaySchema>;
