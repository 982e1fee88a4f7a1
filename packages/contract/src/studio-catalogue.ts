// The studio's catalogue: videos and radios with their fields and media, uploads' jobs, the lists'
// filters and the categories.
import { z } from 'zod';
import { bodyIdSchema, canonicalIntegerSchema, idSchema } from './calls.ts';
import { searchQueryMaxLength } from './constants.ts';
import { safeEmbedUrl } from './embeds.ts';
import { dateSchema } from './entities.ts';
import { textSchema } from './studio-text.ts';
import { subtitleLanguageSchema, subtitleLimits } from './subtitles.ts';

/** A tus upload's id, as the upload's URL ends. */
export const uploadIdSchema = z.string().regex(/^[0-9a-f]{32}$/u, 'not an upload of this site');

export const mediaStateSchema = z
  .enum(['ready', 'preparing', 'failed', 'none'])
  .describe('ready: playable; preparing: an ingest job is under way; failed: its last job failed; none: no media');
export type MediaState = z.infer<typeof mediaStateSchema>;

export const jobStageSchema = z.enum(['queued', 'probing', 'encoding', 'finishing', 'done', 'failed']);
export type JobStage = z.infer<typeof jobStageSchema>;

export const studioJobSchema = z.object({
  id: z.number().int(),
  kind: z
    .string()
    .describe(
      'video or radio (a file given to the CLI), video-media or radio-media (an upload), video-subtitles, demo-video or demo-radio',
    ),
  name: z.string(),
  stage: jobStageSchema,
  progress: z.number().describe('0 to 1'),
  etaSeconds: z.number().nullable().describe('the time left, judged from the progress so far'),
  error: z.string().nullable().describe("why it failed: ffmpeg's own words where ffmpeg refused"),
  itemId: z.number().int().nullable().describe('the video or radio it makes media for'),
  attempts: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StudioJob = z.infer<typeof studioJobSchema>;

export const ageRatings = [0, 6, 12, 16, 18, 99] as const;

export const externalEmbedSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => value === '' || safeEmbedUrl(value) !== undefined, {
    message: 'Внешний плеер: https-адрес встраивания YouTube, Vimeo, Rutube или VK Видео',
  });

/** A video's fields as an editor writes them; an edit gives those it changes. */
const videoFields = {
  name: textSchema('Название', 1, 200),
  description: textSchema('Описание', 0, 5000),
  plot: textSchema('Сюжет', 0, 20_000),
  categoryId: bodyIdSchema,
  ageRating: z
    .number()
    .int()
    .refine((value) => (ageRatings as readonly number[]).includes(value), 'Возрастной рейтинг: 0, 6, 12, 16, 18 или 99')
    .describe('0, 6, 12, 16, 18; 99 shows none'),
  draft: z
    .union([z.literal(0), z.literal(1), z.literal(2)])
    .describe('0 published, 1 not yet (premieres on air), 2 hidden'),
  externalEmbed: externalEmbedSchema,
};
export const videoFieldsSchema = z.object({
  ...videoFields,
  description: videoFields.description.default(''),
  plot: videoFields.plot.default(''),
  ageRating: videoFields.ageRating.default(99),
  draft: videoFields.draft.default(0),
  externalEmbed: videoFields.externalEmbed.default(''),
});
export const videoEditSchema = z.object(videoFields).partial();
export type VideoFields = z.input<typeof videoFieldsSchema>;

export const studioVideoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  plot: z.string(),
  categoryId: z.number().int(),
  ageRating: z.number().int(),
  draft: z.number().int(),
  externalEmbed: z.string(),
  durationSeconds: z.number(),
  views: z.number().int(),
  addedAt: z.string(),
  media: mediaStateSchema,
  preview: z.string().describe('the picture URL; empty: the default picture'),
  link: z.string().describe('the HLS master playlist URL; empty until ready'),
  subtitles: z.array(subtitleLanguageSchema).describe("its subtitle tracks' languages, in order"),
  job: studioJobSchema.nullable().describe('the newest ingest job for it'),
});
export type StudioVideo = z.infer<typeof studioVideoSchema>;

const radioFields = {
  name: textSchema('Название', 1, 200),
  author: textSchema('Автор', 1, 200),
  categoryId: bodyIdSchema,
  draft: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  kind: z.union([z.literal(1), z.literal(2)]).describe('1 a programme, 2 a song'),
};
export const radioFieldsSchema = z.object({
  ...radioFields,
  draft: radioFields.draft.default(0),
  kind: radioFields.kind.default(1),
});
export const radioEditSchema = z.object(radioFields).partial();
export type RadioFields = z.input<typeof radioFieldsSchema>;

export const studioRadioSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  author: z.string(),
  categoryId: z.number().int(),
  draft: z.number().int(),
  kind: z.number().int(),
  durationSeconds: z.number(),
  plays: z.number().int(),
  addedAt: z.string(),
  media: mediaStateSchema,
  preview: z.string(),
  link: z.string().describe('the HLS audio playlist URL; empty until ready'),
  download: z.string().describe('the .m4a to save; empty when there is none'),
  job: studioJobSchema.nullable(),
});
export type StudioRadio = z.infer<typeof studioRadioSchema>;

/** The days of the schedules that name an item, when it cannot be deleted. */
export const itemInUseSchema = z.object({
  detail: z.string(),
  days: z.array(z.object({ channel: z.enum(['tv', 'radio']), date: dateSchema })),
});

const sortOrderSchema = z.enum(['asc', 'desc']).default('desc');
const pageQuery = {
  page: canonicalIntegerSchema(1, 100_000).optional().default(1),
  size: z.enum(['10', '25', '50', '100']).transform(Number).optional().default(25),
  q: z.string().trim().max(searchQueryMaxLength).optional(),
};
const draftQuery = z.enum(['0', '1', '2']).transform(Number).optional();

export const videoListQuerySchema = z.object({
  ...pageQuery,
  category: idSchema.optional(),
  draft: draftQuery,
  media: mediaStateSchema.optional(),
  sort: z.enum(['added', 'name', 'views', 'duration']).default('added'),
  order: sortOrderSchema,
});
export type VideoListQuery = z.input<typeof videoListQuerySchema>;

export const radioListQuerySchema = z.object({
  ...pageQuery,
  category: idSchema.optional(),
  draft: draftQuery,
  media: mediaStateSchema.optional(),
  kind: z.enum(['1', '2']).transform(Number).optional(),
  sort: z.enum(['added', 'name', 'plays', 'duration']).default('added'),
  order: sortOrderSchema,
});
export type RadioListQuery = z.input<typeof radioListQuerySchema>;

export const studioCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  items: z.number().int().describe('how many videos or radios it holds'),
});
export type StudioCategory = z.infer<typeof studioCategorySchema>;

/** A subtitle file of an upload attached to a video as its track of a language. */
export const videoSubtitlesAttachSchema = z.object({
  upload: uploadIdSchema.describe('a finished upload of a .vtt or .srt file'),
  language: subtitleLanguageSchema.describe('its language; a track of that language is replaced'),
  label: textSchema('Название дорожки', 1, subtitleLimits.labelMax)
    .regex(/^[^"\r\n]*$/u, 'Название дорожки: без кавычек «"»')
    .describe('what a player lists it as'),
});
export type VideoSubtitlesAttach = z.infer<typeof videoSubtitlesAttachSchema>;
