// The schemas of every call of SPEC §7: inputs and answer, over the route table (call-routes.ts)
// that says where each call lives. The server registers routes from this table and validates with
// it; clients type themselves from it (client.ts).
import { z } from 'zod';
import { scheduleDateRange } from './constants.ts';
import { callRoutes, type CallName, withRoutes } from './call-routes.ts';
import { chatTextProblemDetail, cleanChatText } from './chat-text.ts';
import { chatMessageMaxLength, chatNameMaxLength, searchQueryMaxLength } from './constants.ts';
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

export const errorSchema = z.object({
  detail: z.string(),
  until: z.iso
    .datetime({ offset: true })
    .optional()
    .describe('a refusal that lasts: the instant it ends (a chat ban for a time)'),
});
export type ErrorAnswer = z.infer<typeof errorSchema>;

export const noneSchema = z.literal('none').describe("the text 'none': no programme today");

export const chatRoomSchema = z.enum(['teleprogram', 'radio']);
export type ChatRoom = z.infer<typeof chatRoomSchema>;

export const chatQuerySchema = z.object({
  after: canonicalIntegerSchema(0, Number.MAX_SAFE_INTEGER).optional(),
});

/**
 * A chat nickname or message: refused as cleanChatText refuses it (the detail names the field and
 * the rule), else the text as it will be stored. The form and the server read the same limit.
 */
export function chatTextSchema(label: string, maxLength: number) {
  return z
    .string()
    .transform((value, context) => {
      const outcome = cleanChatText(value, maxLength);
      if ('text' in outcome) return outcome.text;
      context.addIssue({ code: 'custom', message: chatTextProblemDetail(label, outcome.problem, maxLength) });
      return z.NEVER;
    })
    .meta({
      minLength: 1,
      maxLength,
      description:
        `1 to ${String(maxLength)} characters (code points) once cleaned: NFC, bidirectional controls and ` +
        'tag characters removed, at most two combining marks in a row, trimmed; no control characters; ' +
        'invisible characters alone are empty.',
    });
}

/**
 * A search query as searched: inner white space folded, trimmed; refused when empty, longer than
 * the search field takes, or holding a control character.
 */
export const searchTextSchema = z
  .string()
  .transform((raw, context) => {
    const query = raw.replace(/\s+/gu, ' ').trim();
    const problem =
      query === ''
        ? 'The search query is empty.'
        : Array.from(query).length > searchQueryMaxLength
          ? `The search query must be at most ${String(searchQueryMaxLength)} characters.`
          : /\p{Cc}/u.test(query)
            ? 'The search query must not contain control characters.'
            : undefined;
    if (problem === undefined) return query;
    context.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  })
  .meta({
    minLength: 1,
    maxLength: searchQueryMaxLength,
    description: `1 to ${String(searchQueryMaxLength)} characters (code points) once white space is folded and trimmed; no control characters.`,
  });

export const chatPostSchema = z.object({
  teleprogram_id: bodyIdSchema.optional(),
  radioprogram_id: bodyIdSchema.optional(),
  name: chatTextSchema('Name', chatNameMaxLength),
  message: chatTextSchema('Message', chatMessageMaxLength),
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
/** A day of a channel's programme list, counted back from today. */
const dayParams = z.object({ index: dayIndexSchema });
/** The item a channel is asked to move to, on its day `id`. */
const nextParams = z.object({ id: idSchema, nextIndex: nextIndexSchema });
const chatRoomParams = z.object({ room: chatRoomSchema, id: idSchema });

/** A channel's day as its items, and with ads: also whether the ads between them show. */
function dayItemsSchema<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item) });
}
function dayItemsWithAdsSchema<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item), show: z.boolean() });
}

export const calls = withRoutes(callRoutes, {
  translations: {
    params: z.object({ locale: z.string().describe('ru-cyrl or ru-latn; any other is a 404') }),
    response: translationsSchema,
  },
  recommendedSearches: {
    response: z.array(recommendedSearchSchema),
  },
  searchVideos: {
    params: z.object({ q: searchTextSchema }),
    response: z.array(videoSchema),
  },
  searchRadios: {
    params: z.object({ q: searchTextSchema }),
    response: z.array(radioSchema),
  },
  teleprogramToday: { response: teleprogramSchema.or(noneSchema) },
  teleprogramList: { response: z.array(teleprogramSchema) },
  teleprogramListFilter: { params: dayParams, response: z.array(teleprogramSchema) },
  teleprogramVideos: { params: idParams, response: dayItemsSchema(teleprogramItemSchema) },
  teleprogramVideosWithAds: { params: idParams, response: dayItemsWithAdsSchema(teleprogramItemSchema) },
  teleprogramNext: { params: nextParams, response: teleprogramSchema },
  videoPublish: {
    params: idParams,
    response: videoSchema,
  },
  timeLive: { response: timeLiveSchema },
  teleprogramRunStatus: { response: teleprogramSchema.or(noneSchema) },
  tickers: {
    params: idParams,
    response: z.array(tickerSchema),
  },
  chatMessages: {
    params: chatRoomParams,
    querystring: chatQuerySchema,
    response: z.array(chatMessageSchema),
  },
  chatPost: {
    params: chatRoomParams,
    body: chatPostSchema,
    response: chatMessageSchema.extend({
      held: z
        .literal(true)
        .optional()
        .describe('only on a message the word list holds for review: stored, but shown to no one until approved'),
    }),
  },
  polls: { response: z.array(pollSchema) },
  pollVote: {
    params: idParams,
    body: pollVoteSchema,
    response: pollSchema,
  },
  mainList: { response: z.array(mainListEntrySchema) },
  slideshow: {
    params: z.object({ name: slideshowNameSchema }),
    response: z.array(slideSchema),
  },
  aboutMain: { response: aboutSchema },
  aboutList: { response: z.array(aboutSchema) },
  popularProgrammes: { response: z.array(radioSchema) },
  popularSongs: { response: z.array(radioSchema) },
  radioListing: {
    response: z.array(radioListingGroupSchema),
  },
  radioCategories: {
    response: z.array(radioCategorySchema),
  },
  radioCatalogue: {
    querystring: pagedQuerySchema,
    response: pagedSchema(radioSchema),
  },
  radioprogramList: { response: z.array(radioprogramSchema) },
  radioprogramToday: { response: radioprogramSchema.or(noneSchema) },
  radioprogramListFilter: { params: dayParams, response: z.array(radioprogramSchema) },
  radioprogramRadios: { params: idParams, response: dayItemsSchema(radioprogramItemSchema) },
  radioprogramRadiosWithAds: { params: idParams, response: dayItemsWithAdsSchema(radioprogramItemSchema) },
  radioprogramNext: { params: nextParams, response: radioprogramSchema },
  radioPublish: {
    params: idParams,
    response: radioSchema,
  },
  radioprogramShow: {
    params: idParams,
    response: showSchema,
  },
  radioPlay: {
    params: idParams,
    response: radioSchema,
  },
  relatedVideos: {
    params: idParams,
    response: z.array(videoSchema),
  },
  video: { params: idParams, response: videoSchema },
  videoCategories: {
    response: z.array(videoCategorySchema),
  },
  videoCatalogue: {
    querystring: pagedQuerySchema,
    response: pagedSchema(videoSchema),
  },
});

/** The answer of a call, as the server sends it (it validates every answer against the schema). */
export type Answer<K extends CallName> = z.infer<(typeof calls)[K]['response']>;
