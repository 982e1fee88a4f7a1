// Every call of SPEC §7: its path under /api/v1 (trailing slashes as the spec has them), method,
// inputs and answer. The server registers routes from this table; the web app's client reads it.
import { z } from 'zod';
import { scheduleDateRange } from './constants.ts';
import {
  aboutSchema,
  chatMessageSchema,
  clockTimeSchema,
  mainListEntrySchema,
  pollSchema,
  radioCategorySchema,
  radioListingGroupSchema,
  radioSchema,
  radioprogramItemSchema,
  radioprogramSchema,
  recommendedSearchSchema,
  slideSchema,
  teleprogramItemSchema,
  teleprogramSchema,
  tickerSchema,
  videoCategorySchema,
  videoSchema,
} from './entities.ts';

/** The largest id PostgreSQL's integer holds. */
export const idMax = 2_147_483_647;

/**
 * A whole number written in a path or query the one way it is written: decimal digits without a
 * sign, white space or leading zero. `0x10`, `1e3`, `1.0` and `01` are refused rather than read
 * as some other number, so one resource has one address.
 */
export function canonicalIntegerSchema(min: number, max: number) {
  return z
    .string()
    .regex(/^(0|[1-9]\d{0,15})$/u, 'must be a decimal integer without sign, spaces or leading zeros')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

/** A database id in a path or query: a positive integer that fits PostgreSQL's integer. */
export const idSchema = canonicalIntegerSchema(1, idMax);
/** A database id in a JSON body, where it is a number. */
export const bodyIdSchema = z.number().int().min(1).max(idMax);
/** A day of a programme list (`filter/:index/`): today is 0, a year back at most. */
export const dayIndexSchema = canonicalIntegerSchema(0, 366);
/** The item index a channel is asked to move to (`next/:id/:nextIndex/`). */
export const nextIndexSchema = canonicalIntegerSchema(0, 100_000);

/** A channel's day in a path (YYYY-MM-DD), a real date within `scheduleDateRange`. */
export const scheduleDateSchema = z.iso
  .date()
  .refine(
    (date) => date >= scheduleDateRange.first && date <= scheduleDateRange.last,
    `must be from ${scheduleDateRange.first} to ${scheduleDateRange.last}`,
  );

const flagSchema = z
  .enum(['true', 'false', 'True', 'False', ''])
  .optional()
  .transform((value) => value === 'true' || value === 'True');

export const pagedQuerySchema = z.object({
  category_id: z.union([z.literal(''), idSchema]).optional(),
  prosmotri: flagSchema,
  date_added: flagSchema,
  page: canonicalIntegerSchema(1, 100_000).optional().default(1),
});
export type PagedQuery = z.infer<typeof pagedQuerySchema>;

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({ count: z.number().int(), results: z.array(item) });
}

export const errorSchema = z.object({ detail: z.string() });
export type ApiError = z.infer<typeof errorSchema>;

export const noneSchema = z.literal('none').describe("the text 'none': no programme today");

export const chatRoomSchema = z.enum(['teleprogram', 'radio']);
export type ChatRoom = z.infer<typeof chatRoomSchema>;

export const chatQuerySchema = z.object({
  after: canonicalIntegerSchema(0, Number.MAX_SAFE_INTEGER).optional(),
});

export const chatPostSchema = z.object({
  teleprogram_id: bodyIdSchema.optional(),
  radioprogram_id: bodyIdSchema.optional(),
  name: z.string(),
  message: z.string(),
});
export type ChatPost = z.infer<typeof chatPostSchema>;

const pollAnswerSchema = z.union([z.boolean(), z.number().int().min(0).max(idMax)]).optional();
export const pollVoteSchema = z.object({
  otvet_1: pollAnswerSchema,
  otvet_2: pollAnswerSchema,
  otvet_3: pollAnswerSchema,
  otvet_4: pollAnswerSchema,
});
export type PollVote = z.infer<typeof pollVoteSchema>;

export const translationsSchema = z.record(z.string(), z.string());
export type Translations = z.infer<typeof translationsSchema>;

export const slideshowNameSchema = z.enum(['main', 'radios', 'catalog']);
export type SlideshowName = z.infer<typeof slideshowNameSchema>;

export const timeLiveSchema = z.object({ Time: clockTimeSchema });
export const showSchema = z.object({ show: z.boolean() });

const idParams = z.object({ id: idSchema });

export const calls = {
  translations: {
    method: 'GET',
    path: '/translations/:locale/',
    params: z.object({ locale: z.string().describe('ru-cyrl or ru-latn; any other is a 404') }),
    response: translationsSchema,
  },
  recommendedSearches: {
    method: 'GET',
    path: '/get/search/recomended/',
    response: z.array(recommendedSearchSchema),
  },
  searchVideos: {
    method: 'GET',
    path: '/search/videos/:q/',
    params: z.object({ q: z.string() }),
    response: z.array(videoSchema),
  },
  searchRadios: {
    method: 'GET',
    path: '/search/radios/:q/',
    params: z.object({ q: z.string() }),
    response: z.array(radioSchema),
  },
  teleprogramToday: {
    method: 'GET',
    path: '/get/teleprogram/today/',
    response: teleprogramSchema.or(noneSchema),
  },
  teleprogramList: {
    method: 'GET',
    path: '/get/teleprogram/list/',
    response: z.array(teleprogramSchema),
  },
  teleprogramListFilter: {
    method: 'GET',
    path: '/get/teleprogram/list/filter/:index/',
    params: z.object({ index: dayIndexSchema }),
    response: z.array(teleprogramSchema),
  },
  teleprogramVideos: {
    method: 'GET',
    path: '/get/teleprogram/videos/:id/',
    params: idParams,
    response: z.object({ results: z.array(teleprogramItemSchema) }),
  },
  teleprogramVideosWithAds: {
    method: 'GET',
    path: '/get/teleprogram/videos/withads/:id/',
    params: idParams,
    response: z.object({ results: z.array(teleprogramItemSchema), show: z.boolean() }),
  },
  teleprogramNext: {
    method: 'PUT',
    path: '/get/teleprogram/next/:id/:nextIndex/',
    params: z.object({ id: idSchema, nextIndex: nextIndexSchema }),
    response: teleprogramSchema,
  },
  videoPublish: {
    method: 'PATCH',
    path: '/video/update/status/:id/0/',
    params: idParams,
    response: videoSchema,
  },
  timeLive: { method: 'GET', path: '/get/time-live/', response: timeLiveSchema },
  teleprogramRunStatus: {
    method: 'GET',
    path: '/get/status/teleprogram/run/',
    response: teleprogramSchema.or(noneSchema),
  },
  tickers: {
    method: 'GET',
    path: '/get/live-stroka/:id/',
    params: idParams,
    response: z.array(tickerSchema),
  },
  chatMessages: {
    method: 'GET',
    path: '/chat/:room/:id/',
    params: z.object({ room: chatRoomSchema, id: idSchema }),
    querystring: chatQuerySchema,
    response: z.array(chatMessageSchema),
  },
  chatPost: {
    method: 'POST',
    path: '/chat/:room/:id/',
    params: z.object({ room: chatRoomSchema, id: idSchema }),
    body: chatPostSchema,
    response: chatMessageSchema,
  },
  polls: { method: 'GET', path: '/get/oprosnik/', response: z.array(pollSchema) },
  pollVote: {
    method: 'PUT',
    path: '/put/oprosnik/:id',
    params: idParams,
    body: pollVoteSchema,
    response: pollSchema,
  },
  mainList: { method: 'GET', path: '/get/main/list/', response: z.array(mainListEntrySchema) },
  slideshow: {
    method: 'GET',
    path: '/get/slideshow/:name/True/',
    params: z.object({ name: slideshowNameSchema }),
    response: z.array(slideSchema),
  },
  aboutMain: { method: 'GET', path: '/get/about/main/', response: aboutSchema },
  aboutList: { method: 'GET', path: '/get/about/', response: z.array(aboutSchema) },
  popularProgrammes: { method: 'GET', path: '/get/radio/type/1/', response: z.array(radioSchema) },
  popularSongs: { method: 'GET', path: '/get/radio/type/2/', response: z.array(radioSchema) },
  radioListing: {
    method: 'GET',
    path: '/get/listing/radios/',
    response: z.array(radioListingGroupSchema),
  },
  radioCategories: {
    method: 'GET',
    path: '/get/radio/category/all/',
    response: z.array(radioCategorySchema),
  },
  radioCatalogue: {
    method: 'GET',
    path: '/get/radio/category/',
    querystring: pagedQuerySchema,
    response: pagedSchema(radioSchema),
  },
  radioprogramList: {
    method: 'GET',
    path: '/get/radioprogram/list/',
    response: z.array(radioprogramSchema),
  },
  radioprogramToday: {
    method: 'GET',
    path: '/get/radioprogram/today/',
    response: radioprogramSchema.or(noneSchema),
  },
  radioprogramListFilter: {
    method: 'GET',
    path: '/get/radioprogram/list/filter/:index/',
    params: z.object({ index: dayIndexSchema }),
    response: z.array(radioprogramSchema),
  },
  radioprogramRadios: {
    method: 'GET',
    path: '/get/radioprogram/radios/:id/',
    params: idParams,
    response: z.object({ results: z.array(radioprogramItemSchema) }),
  },
  radioprogramRadiosWithAds: {
    method: 'GET',
    path: '/get/radioprogram/radios/withads/:id/',
    params: idParams,
    response: z.object({ results: z.array(radioprogramItemSchema), show: z.boolean() }),
  },
  radioprogramNext: {
    method: 'PATCH',
    path: '/get/radioprogram/next/radio/:id/:nextIndex/',
    params: z.object({ id: idSchema, nextIndex: nextIndexSchema }),
    response: radioprogramSchema,
  },
  radioPublish: {
    method: 'PATCH',
    path: '/radio/update/status/:id/0/',
    params: idParams,
    response: radioSchema,
  },
  radioprogramShow: {
    method: 'GET',
    path: '/check/radioprogram/show/:id/',
    params: idParams,
    response: showSchema,
  },
  radioPlay: {
    method: 'PATCH',
    path: '/add/radio/history/:id/',
    params: idParams,
    response: radioSchema,
  },
  relatedVideos: {
    method: 'GET',
    path: '/get/related/list/:id/',
    params: idParams,
    response: z.array(videoSchema),
  },
  video: { method: 'PATCH', path: '/get/video/:id/', params: idParams, response: videoSchema },
  videoCategories: {
    method: 'GET',
    path: '/get/all/category/',
    response: z.array(videoCategorySchema),
  },
  videoCatalogue: {
    method: 'GET',
    path: '/get/all/video/category/',
    querystring: pagedQuerySchema,
    response: pagedSchema(videoSchema),
  },
} as const;

export type CallName = keyof typeof calls;

/** The answer of a call, as the server sends it (it validates every answer against the schema). */
export type Answer<K extends CallName> = z.infer<(typeof calls)[K]['response']>;
