// What editors arrange on the public pages: tags, slides, polls, the about page, search picks,
// radio listings, home rows and popular picks.
import { z } from 'zod';
import { bodyIdSchema, slideshowNameSchema } from './calls.ts';
import { searchQueryMaxLength, showcaseLimits } from './constants.ts';
import { normalisedLink } from './pages.ts';
import { textSchema } from './studio-text.ts';

export const studioTagSchema = z.object({
  name: textSchema('Метка', 1, 40),
  color: z.union([z.literal(0), z.literal(1)]).describe('0 grey, 1 blue'),
});

/** A slide's link: a page of the site (`/catalog`), an https address, or none; kept as a browser
 * reads it (`normalisedLink`). */
export const slideLinkSchema = z
  .string()
  .trim()
  .max(2000)
  .transform((value, context) => {
    const link = normalisedLink(value);
    if (link !== undefined) return link;
    context.addIssue({ code: 'custom', message: 'Ссылка: страница сайта (/catalog) или адрес https://' });
    return z.NEVER;
  });

const slideFields = {
  name: textSchema('Название', 1, 200),
  link: slideLinkSchema,
  tags: z.array(studioTagSchema).max(6, 'Не больше шести меток'),
  radioId: bodyIdSchema.nullable().describe('a radio the slide plays, on the radio page'),
};
export const slideFieldsSchema = z.object({
  ...slideFields,
  link: slideFields.link.default(''),
  tags: slideFields.tags.default([]),
  radioId: slideFields.radioId.default(null),
});
export const slideEditSchema = z.object(slideFields).partial();
export type SlideFields = z.input<typeof slideFieldsSchema>;

export const studioSlideSchema = z.object({
  id: z.number().int(),
  show: slideshowNameSchema,
  position: z.number().int(),
  name: z.string(),
  link: z.string(),
  preview: z.string(),
  tags: z.array(z.object({ name: z.string(), color: z.union([z.literal(0), z.literal(1)]) })),
  radioId: z.number().int().nullable(),
});
export type StudioSlide = z.infer<typeof studioSlideSchema>;

export const pollFieldsSchema = z
  .object({
    question: textSchema('Вопрос', 1, 500),
    variants: z
      .array(textSchema('Вариант', 0, 200))
      .length(4)
      .describe('four texts; an empty one is not offered'),
    active: z.boolean().default(true).describe('open: shown and taking votes'),
  })
  .refine((poll) => poll.variants.filter((variant) => variant !== '').length >= 2, {
    message: 'Нужно хотя бы два варианта ответа',
    path: ['variants'],
  });
export type PollFields = z.input<typeof pollFieldsSchema>;

export const studioPollSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  variants: z.array(z.string()),
  votes: z.array(z.number().int()),
  active: z.boolean(),
  position: z.number().int(),
});
export type StudioPoll = z.infer<typeof studioPollSchema>;

export const aboutFieldsSchema = z.object({
  titles: z
    .array(textSchema('Заголовок', 1, 200))
    .length(6)
    .describe('the page title, then the five sections (the fifth is the contacts)'),
  texts: z
    .array(textSchema('Текст', 0, 20_000))
    .length(5)
    .describe('the introduction under the page title, then the texts of sections 1–4 (the contacts have none)'),
});
export type AboutFields = z.input<typeof aboutFieldsSchema>;
export const studioAboutSchema = aboutFieldsSchema.extend({ poster: z.string() });
export type StudioAbout = z.infer<typeof studioAboutSchema>;

export const searchPicksSchema = z.object({
  queries: z
    .array(textSchema('Запрос', 1, searchQueryMaxLength))
    .max(showcaseLimits.searchPicks, `Не больше ${String(showcaseLimits.searchPicks)} запросов`)
    .describe("the editors' picks, in order: offered while visitors have searched too little"),
});

const itemIdsSchema = (max: number) => z.array(bodyIdSchema).max(max, `Не больше ${String(max)} позиций`);

export const radioListingFieldsSchema = z.object({
  name: textSchema('Название', 1, 200),
  radioIds: itemIdsSchema(showcaseLimits.listingRadios).default([]),
});
export const studioRadioListingSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  radios: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type StudioRadioListing = z.infer<typeof studioRadioListingSchema>;

export const homeRowFieldsSchema = z
  .object({
    name: textSchema('Название', 1, 200),
    categoryId: bodyIdSchema
      .nullable()
      .default(null)
      .describe("a category's newest videos, or null for the picked ones"),
    videoIds: itemIdsSchema(showcaseLimits.homeRowVideos).default([]),
  })
  .refine((row) => row.categoryId === null || row.videoIds.length === 0, {
    message: 'Ряд показывает либо рубрику, либо выбранные видео',
    path: ['videoIds'],
  });
export const studioHomeRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  categoryId: z.number().int().nullable(),
  videos: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type StudioHomeRow = z.infer<typeof studioHomeRowSchema>;

export const popularKindSchema = z.enum(['programmes', 'songs']);
export const popularPicksSchema = z.object({
  radioIds: itemIdsSchema(showcaseLimits.popularPlaces).describe(
    'shown first, in this order; the most played fill the rest',
  ),
});
export const studioPopularSchema = z.object({
  radios: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
