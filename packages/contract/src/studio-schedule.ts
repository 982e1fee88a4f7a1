// The schedule editor: a day with what the catalogue knows of its items, the timeline it would
// air, saves over a revision, copies, the week and the on-air desk.
import { z } from 'zod';
import { addDays, isoWeekday } from './calendar.ts';
import { clockTimeSchema, dateSchema } from './entities.ts';
import {
  channelSlugSchema,
  scheduleDaySchema,
  scheduleItemSchema,
  scheduleLimits,
  scheduleTickerSchema,
} from './schedule.ts';
import { channelAudienceSchema } from './studio-audience.ts';
import { mediaStateSchema } from './studio-catalogue.ts';
import { channelKinds } from './channels.ts';

/** A catalogue item as the schedule editor lists it. */
export const scheduleMediaSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  durationSeconds: z.number().describe('the listed length: the slot an item without media keeps'),
  media: mediaStateSchema,
  draft: z.number().int().describe("the video's or radio's own draft: 2 never airs"),
  preview: z.string(),
});
export type ScheduleMedia = z.infer<typeof scheduleMediaSchema>;

/** A day as the editor opens it: `revision` 0 is a day not yet written. */
export const studioScheduleDaySchema = z.object({
  channel: channelSlugSchema,
  date: dateSchema,
  revision: z.number().int().min(0),
  savedBy: z.string().nullable(),
  savedAt: z.string().nullable().describe('ISO 8601'),
  startsAt: clockTimeSchema,
  finishedText: z.string(),
  items: z.array(scheduleItemSchema.required().extend({ media: scheduleMediaSchema })),
  tickers: z.array(scheduleTickerSchema.required()),
});
export type StudioScheduleDay = z.infer<typeof studioScheduleDaySchema>;

/** What the day being edited would air: the live channel's own timeline of it. Instants are
 * milliseconds since the Unix epoch; the studio shows them on the schedules' clock (`zone`). */
export const scheduleTimelineSchema = z.object({
  zone: z.string().describe("the schedules' IANA time zone"),
  start: z.number(),
  end: z.number().describe('when the day is over: its last item ends, or the next day begins'),
  cutByNextDay: z.boolean().describe('the next day begins before this one is over'),
  rows: z.array(
    z.object({
      index: z.number().int().describe("the item's place in the day's list"),
      airs: z.boolean(),
      why: z
        .enum(['airs', 'draft', 'no-length', 'pushed-out', 'after-end'])
        .describe(
          'airs; draft: marked not to air; no-length: no media and no length; pushed-out: a later fixed start cut it whole; after-end: the next day began',
        ),
      start: z.number().nullable(),
      end: z.number().nullable(),
      plannedSeconds: z.number().describe('its whole length'),
      cutSeconds: z.number().describe('how much of it a later fixed start cuts'),
      gapBeforeSeconds: z.number().describe('the slate before it'),
      media: z
        .enum(['ready', 'late', 'missing'])
        .describe('late: ready during its slot; missing: the slate fills its slot'),
    }),
  ),
  gaps: z.array(z.object({ start: z.number(), end: z.number() })),
  airsFrom: z.number().nullable().describe('the day is on the air: a save airs from this instant'),
  joinsWith: z
    .object({ index: z.number().int().nullable(), offsetSeconds: z.number() })
    .nullable()
    .describe('what the channel airs at `airsFrom` after a save: an item (null: the slate) and how far into it'),
});
export type ScheduleTimeline = z.infer<typeof scheduleTimelineSchema>;

export const scheduleDraftSchema = scheduleDaySchema.extend({
  tickers: z.array(scheduleTickerSchema).max(scheduleLimits.tickers).default([]),
});
export const scheduleSaveSchema = scheduleDraftSchema.extend({
  revision: z.number().int().min(0).describe('the revision the editor opened: 0 for a new day'),
});
export type ScheduleSave = z.input<typeof scheduleSaveSchema>;

/** A saved version of a day, as the audit kept it. */
export const scheduleVersionSchema = z.object({
  entry: z.number().int().describe('the audit entry that keeps it'),
  revision: z.number().int(),
  savedBy: z.string(),
  savedAt: z.string().describe('ISO 8601'),
  items: z.number().int().describe('how many items it had'),
});
export type ScheduleVersion = z.infer<typeof scheduleVersionSchema>;

export const scheduleCopySchema = z
  .object({
    from: dateSchema.describe('the first day to write'),
    to: dateSchema.describe('the last day to write'),
    weekdays: z
      .array(z.number().int().min(1).max(7))
      .min(1, 'Копирование: выберите хотя бы один день недели')
      .max(7)
      .optional()
      .describe('only the days of these ISO weekdays (1 Monday … 7 Sunday) in the range; every day when left out'),
    replace: z.boolean().default(false).describe('write over days that have a schedule'),
  })
  .refine((range) => range.from <= range.to, { message: 'Копирование: последний день раньше первого', path: ['to'] });
export type ScheduleCopy = z.input<typeof scheduleCopySchema>;

/**
 * The days a copy of `date` writes: each day of the range on the weekdays asked, but the day
 * itself; or why it cannot be made (a range longer than a year, more days than one copy writes).
 */
export function scheduleCopyDates(
  date: string,
  copy: Pick<ScheduleCopy, 'from' | 'to' | 'weekdays'>,
): { dates: string[] } | { problem: string } {
  const { copyDays, copyRangeDays } = scheduleLimits;
  const weekdays = new Set(copy.weekdays ?? [1, 2, 3, 4, 5, 6, 7]);
  const dates: string[] = [];
  let span = 0;
  for (let day = copy.from; day <= copy.to; day = addDays(day, 1)) {
    span += 1;
    if (span > copyRangeDays) return { problem: `Диапазон копирования — не длиннее ${String(copyRangeDays)} дней.` };
    if (day === date || !weekdays.has(isoWeekday(day))) continue;
    if (dates.length === copyDays) {
      return { problem: `Копировать можно не больше чем на ${String(copyDays)} дней за раз.` };
    }
    dates.push(day);
  }
  return { dates };
}

const dayPlaceSchema = z.object({
  date: dateSchema,
  place: z.number().int().min(0).max(scheduleLimits.items).describe("the item's index in the day, from 0"),
  revision: z.number().int().min(0).describe('the revision of the day the editor saw (0: none yet)'),
});

export const scheduleMoveSchema = z.object({
  from: dayPlaceSchema.describe('the item to move'),
  to: dayPlaceSchema.describe('where it goes: before the item at this place (after the last when past it)'),
});

export type ScheduleMove = z.input<typeof scheduleMoveSchema>;

export const scheduleWeekDaySchema = z.object({
  date: dateSchema,
  revision: z.number().int().min(0),
  items: z.number().int(),
  start: z.number().nullable(),
  end: z.number().nullable(),
  airedSeconds: z.number(),
  gapSeconds: z.number(),
  missing: z.number().int().describe('items whose slot the slate fills'),
  cut: z.number().int().describe('items a fixed start cuts'),
  spans: z
    .array(z.object({ start: z.number(), end: z.number(), kind: z.enum(['item', 'ad', 'gap', 'missing']) }))
    .describe('the day on the clock'),
  programmes: z
    .array(z.object({ place: z.number().int(), name: z.string(), start: z.number(), end: z.number() }))
    .describe('the items that air, in order: their index in the day, title, start and end'),
});

export const onAirChannelSchema = z.object({
  channel: channelSlugSchema,
  name: z.string(),
  kind: z.enum(channelKinds),
  playlist: z.string().describe("the live playlist's path on the media port, as viewers get it"),
  date: dateSchema.nullable(),
  now: z
    .object({
      name: z.string(),
      mediaId: z.number().int(),
      start: z.number(),
      end: z.number(),
      subtitles: z.array(z.string()).describe("its subtitles' languages, which the channel carries"),
    })
    .nullable()
    .describe('null: the slate or off the air'),
  next: z.array(z.object({ name: z.string(), mediaId: z.number().int(), start: z.number() })),
  audience: channelAudienceSchema,
});
