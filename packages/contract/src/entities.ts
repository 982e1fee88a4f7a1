// Every entity of SPEC §3 as it travels on the wire: field names exactly as the spec spells them.
import { z } from 'zod';
import { locales } from './constants.ts';

export const localeSchema = z.enum(locales);

/** 0 published, 1 not yet published (premieres on air), 2 excluded from the play list. */
export const draftSchema = z.number().int().min(0).max(2);

/** YYYY-MM-DD in the schedules' time zone: a day of the calendar. */
export const dateSchema = z.iso.date();
/** HH:mm:ss on the schedules' clock, 00:00:00 to 23:59:59. */
export const clockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/u, 'a time HH:mm:ss');

export const videoCategorySchema = z.object({ id: z.number().int(), name: z.string() });
export type VideoCategory = z.infer<typeof videoCategorySchema>;
export const radioCategorySchema = z.object({ id: z.number().int(), name: z.string() });
export type RadioCategory = z.infer<typeof radioCategorySchema>;

export const videoQualitySchema = z.object({
  kach: z.number().int().describe('rendition height in pixels'),
  link_video: z.string(),
});
export type VideoQuality = z.infer<typeof videoQualitySchema>;

export const videoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  duration: z.number().describe('seconds'),
  censored: z.number().int().describe('age rating; 99 means none shown'),
  draft: draftSchema,
  video_kach: z.array(videoQualitySchema),
  link_video: z.string().describe('HLS master playlist; empty until the media is ready'),
  description: z.string(),
  sujet: z.string().describe('the plot'),
  youtubeIframe: z.string().describe('allow-listed embed URL or empty'),
  get_preview: z.string().describe('image URL; empty means the default picture'),
  get_previewCatalog: z.string(),
  category_id: z.number().int(),
  prosmotri: z.number().int().describe('views'),
  date_added: z.string().describe('ISO 8601 date-time'),
});
export type Video = z.infer<typeof videoSchema>;

export const radioSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  author: z.object({ name: z.string() }),
  duration: z.number().describe('seconds'),
  draft: draftSchema,
  get_preview: z.string().describe('image URL; empty means the default cover'),
  link_radio: z.string().describe('audio URL; empty until the media is ready'),
  link_download: z
    .string()
    .describe('the same audio as one AAC file (.m4a) to save; empty when there is none (beyond the spec)'),
  prosmotri: z.number().int().describe('plays'),
  date_added: z.string().describe('ISO 8601 date-time'),
  category_id: z.number().int(),
});
export type Radio = z.infer<typeof radioSchema>;

/** A day of either channel with its run state: the teleprogram and radioprogram objects alike. */
const programmeDaySchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  index: z.number().int(),
  date_to_start: dateSchema,
  time_to_start: clockTimeSchema,
  finished_text: z.string(),
});
export type ProgrammeDay = z.infer<typeof programmeDaySchema>;

export const teleprogramSchema = programmeDaySchema;
export type Teleprogram = z.infer<typeof teleprogramSchema>;

export const teleprogramItemSchema = z.object({
  id: z.number().int(),
  time_to_start: clockTimeSchema.or(z.literal('')).describe('empty: plays right after the item before'),
  video: videoSchema,
});
export type TeleprogramItem = z.infer<typeof teleprogramItemSchema>;

export const radioprogramSchema = programmeDaySchema;
export type Radioprogram = z.infer<typeof radioprogramSchema>;

export const radioprogramItemSchema = z.object({
  id: z.number().int(),
  time_to_start: clockTimeSchema.or(z.literal('')),
  radio: radioSchema,
  draft: draftSchema,
});
export type RadioprogramItem = z.infer<typeof radioprogramItemSchema>;

export const tickerSchema = z.object({
  id: z.number().int(),
  video_content_id: z.number().int().nullable().describe('null: the whole programme'),
  message: z.string(),
  start_time: clockTimeSchema,
  duration: z.number().describe('seconds'),
  speed: z.number().describe('pixels per second'),
});
export type Ticker = z.infer<typeof tickerSchema>;

export const chatMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  message: z.string(),
  date_added: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const pollSchema = z.object({
  id: z.number().int(),
  questions: z.string(),
  variant_1: z.string(),
  variant_2: z.string(),
  variant_3: z.string(),
  variant_4: z.string(),
  otvet_1: z.number().int(),
  otvet_2: z.number().int(),
  otvet_3: z.number().int(),
  otvet_4: z.number().int(),
});
export type Poll = z.infer<typeof pollSchema>;

export const tagSchema = z.object({
  name: z.string(),
  color: z.union([z.literal(0), z.literal(1)]).describe('0 grey, 1 blue'),
});
export type Tag = z.infer<typeof tagSchema>;

export const slideSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  link: z.string(),
  get_preview: z.string(),
  tags: z.array(tagSchema),
  radio: radioSchema.nullable(),
});
export type Slide = z.infer<typeof slideSchema>;

export const mainListEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category_id: z
    .number()
    .int()
    .nullable()
    .describe("the category whose newest videos the row shows; null: the editors' picks (beyond the spec)"),
  videos: z.array(videoSchema),
});
export type MainListEntry = z.infer<typeof mainListEntrySchema>;

export const radioListingGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  radios: z.array(radioSchema),
});
export type RadioListingGroup = z.infer<typeof radioListingGroupSchema>;

export const aboutSchema = z.object({
  id: z.number().int(),
  title0: z.string(),
  disc0: z.string(),
  title1: z.string(),
  disc1: z.string(),
  title2: z.string(),
  disc2: z.string(),
  title3: z.string(),
  disc3: z.string(),
  title4: z.string(),
  disc4: z.string(),
  title5: z.string(),
  poster: z.string(),
});
export type About = z.infer<typeof aboutSchema>;

export const recommendedSearchSchema = z.object({ name: z.string() });
export type RecommendedSearch = z.infer<typeof recommendedSearchSchema>;
