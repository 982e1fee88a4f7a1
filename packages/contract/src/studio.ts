// The studio's calls under /api/studio (beside the spec's contract, never part of it): accounts
// and sessions, the catalogue and everything an editor owns on the public site, uploads and their
// ingest jobs, chat moderation. Over the route table (call-routes.ts) like the spec's calls; each
// call says here who may make it, and the server enforces exactly that (apps/server/src/studio/).
import { z } from 'zod';
import { studioCallRoutes, type StudioCallName, withRoutes } from './call-routes.ts';
import {
  bodyIdSchema,
  canonicalIntegerSchema,
  chatRoomSchema,
  idSchema,
  pagedSchema,
  slideshowNameSchema,
} from './calls.ts';
import { searchQueryMaxLength, studioLimits } from './constants.ts';
import { safeEmbedUrl } from './embeds.ts';
import { dateSchema } from './entities.ts';

export const studioRoles = ['admin', 'editor', 'moderator'] as const;
export const studioRoleSchema = z.enum(studioRoles);
export type StudioRole = z.infer<typeof studioRoleSchema>;

/** Who may make a call: 'anyone' (signing in), 'signed-in' (any role), or the roles named. */
export type StudioAccess = 'anyone' | 'signed-in' | readonly StudioRole[];

const admins: StudioAccess = ['admin'];
const editors: StudioAccess = ['admin', 'editor'];
const moderators: StudioAccess = ['admin', 'editor', 'moderator'];
const signedIn: StudioAccess = 'signed-in';
const anyone: StudioAccess = 'anyone';

/** A text an editor writes: trimmed, within its bounds; `label` names it in the refusal. */
function textSchema(label: string, min: number, max: number) {
  return z
    .string()
    .trim()
    .min(min, min === 1 ? `${label}: не может быть пустым` : `${label}: не короче ${String(min)} символов`)
    .max(max, `${label}: не длиннее ${String(max)} символов`);
}

/** A login: what an account signs in with, lower-case letters, digits, dot, dash and underscore. */
export const loginSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^[a-z0-9][a-z0-9._-]{1,63}$/u,
    'Логин: от 2 до 64 символов, латинские буквы, цифры, точка, дефис и подчёркивание',
  );

export const passwordSchema = z
  .string()
  .min(studioLimits.passwordMin, `Пароль: не короче ${String(studioLimits.passwordMin)} символов`)
  .max(studioLimits.passwordMax, `Пароль: не длиннее ${String(studioLimits.passwordMax)} символов`);

export const studioUserSchema = z.object({
  id: z.number().int(),
  login: z.string(),
  role: studioRoleSchema,
  disabled: z.boolean(),
  createdAt: z.string().describe('ISO 8601 date-time'),
  lastSeenAt: z.string().nullable().describe('the last call of any of its sessions'),
});
export type StudioUser = z.infer<typeof studioUserSchema>;

export const studioSessionSchema = z.object({
  user: studioUserSchema,
  csrfToken: z.string().describe('sent back as the X-CSRF-Token header of every call that changes something'),
  expiresAt: z.string().describe('the absolute end of this session (ISO 8601); it ends earlier when idle'),
});
export type StudioSession = z.infer<typeof studioSessionSchema>;

/** A tus upload's id, as the upload's URL ends. */
export const uploadIdSchema = z.string().regex(/^[0-9a-f]{32}$/u, 'not an upload of this site');

const uploadBody = z.object({ upload: uploadIdSchema });

export const mediaStateSchema = z
  .enum(['ready', 'preparing', 'failed', 'none'])
  .describe('ready: playable; preparing: an ingest job is under way; failed: its last job failed; none: no media');
export type MediaState = z.infer<typeof mediaStateSchema>;

export const jobStageSchema = z.enum(['queued', 'probing', 'encoding', 'finishing', 'done', 'failed']);
export type JobStage = z.infer<typeof jobStageSchema>;

export const studioJobSchema = z.object({
  id: z.number().int(),
  kind: z.string().describe('video, radio, demo-video or demo-radio'),
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
const categoryBody = z.object({ name: textSchema('Название', 1, 100) });
const orderBody = z.object({ ids: z.array(bodyIdSchema).max(1000).describe('every id of the list, in the new order') });

export const studioTagSchema = z.object({
  name: textSchema('Метка', 1, 40),
  color: z.union([z.literal(0), z.literal(1)]).describe('0 grey, 1 blue'),
});

/** A slide's link: a page of the site (`/catalog`), an https address, or none. */
export const slideLinkSchema = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (value) => value === '' || (/^\/(?!\/)/u.test(value) && !/\s/u.test(value)) || /^https:\/\/[^\s/]+/u.test(value),
    'Ссылка: страница сайта (/catalog) или адрес https://',
  );

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
    .max(20, 'Не больше двадцати запросов')
    .describe("the editors' picks, in order: offered while visitors have searched too little"),
});

const itemIdsSchema = (max: number) => z.array(bodyIdSchema).max(max, `Не больше ${String(max)} позиций`);

export const radioListingFieldsSchema = z.object({
  name: textSchema('Название', 1, 200),
  radioIds: itemIdsSchema(100).default([]),
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
    videoIds: itemIdsSchema(50).default([]),
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
  radioIds: itemIdsSchema(12).describe('shown first, in this order; the most played fill the rest'),
});
export const studioPopularSchema = z.object({
  radios: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string().describe("the account's login, or 'token' for the operators' bearer token"),
  action: z.string().describe('what was done, as entity.verb: video.update, user.add, session.login…'),
  entity: z.string(),
  entityId: z.number().int().nullable(),
  before: z.unknown().describe('the entity before the change; null when it was made'),
  after: z.unknown().describe('the entity after the change; null when it was removed'),
  address: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({
  page: canonicalIntegerSchema(1, 100_000).optional().default(1),
  actor: z.string().max(64).optional(),
  entity: z.string().max(40).optional(),
  action: z.string().max(60).optional(),
  from: dateSchema.optional(),
  to: dateSchema.optional(),
});

export const studioChatMessageSchema = z.object({
  id: z.number().int(),
  room: chatRoomSchema,
  programmeId: z.number().int(),
  name: z.string(),
  message: z.string(),
  at: z.string(),
  hidden: z.boolean(),
});
export type StudioChatMessage = z.infer<typeof studioChatMessageSchema>;

const idParams = z.object({ id: idSchema });
const ok = z.object({ ok: z.literal(true) });

export const studioCalls = withRoutes(studioCallRoutes, {
  login: {
    access: anyone,
    body: z.object({ login: z.string().min(1).max(200), password: z.string().min(1).max(studioLimits.passwordMax) }),
    response: studioSessionSchema,
  },
  session: { access: signedIn, response: studioSessionSchema },
  logout: { access: signedIn, response: ok },
  logoutEverywhere: { access: signedIn, response: z.object({ ended: z.number().int() }) },
  passwordChange: {
    access: signedIn,
    body: z.object({ current: z.string().min(1).max(studioLimits.passwordMax), next: passwordSchema }),
    response: ok,
  },

  users: { access: admins, response: z.array(studioUserSchema) },
  userAdd: {
    access: admins,
    body: z.object({
      login: loginSchema,
      role: studioRoleSchema,
      password: passwordSchema.optional().describe('none: one is made and answered once'),
    }),
    response: z.object({
      user: studioUserSchema,
      password: z.string().optional().describe('the password made, shown once'),
    }),
  },
  userUpdate: {
    access: admins,
    params: idParams,
    body: z.object({
      role: studioRoleSchema.optional(),
      disabled: z.boolean().optional().describe('a disabled account is signed out everywhere'),
      newPassword: z.literal(true).optional().describe('make a new password, shown once, and sign it out everywhere'),
    }),
    response: z.object({ user: studioUserSchema, password: z.string().optional() }),
  },
  audit: { access: admins, querystring: auditQuerySchema, response: pagedSchema(auditEntrySchema) },

  videos: { access: editors, querystring: videoListQuerySchema, response: pagedSchema(studioVideoSchema) },
  video: { access: editors, params: idParams, response: studioVideoSchema },
  videoAdd: {
    access: editors,
    body: videoFieldsSchema.extend({ upload: uploadIdSchema.optional().describe('a finished upload of its media') }),
    response: studioVideoSchema,
  },
  videoUpdate: { access: editors, params: idParams, body: videoEditSchema, response: studioVideoSchema },
  videoDelete: { access: editors, params: idParams, response: ok },
  videoMedia: { access: editors, params: idParams, body: uploadBody, response: studioVideoSchema },
  videoPreview: { access: editors, params: idParams, body: uploadBody, response: studioVideoSchema },

  radios: { access: editors, querystring: radioListQuerySchema, response: pagedSchema(studioRadioSchema) },
  radio: { access: editors, params: idParams, response: studioRadioSchema },
  radioAdd: {
    access: editors,
    body: radioFieldsSchema.extend({ upload: uploadIdSchema.optional() }),
    response: studioRadioSchema,
  },
  radioUpdate: { access: editors, params: idParams, body: radioEditSchema, response: studioRadioSchema },
  radioDelete: { access: editors, params: idParams, response: ok },
  radioMedia: { access: editors, params: idParams, body: uploadBody, response: studioRadioSchema },
  radioPreview: { access: editors, params: idParams, body: uploadBody, response: studioRadioSchema },

  videoCategories: { access: editors, response: z.array(studioCategorySchema) },
  videoCategoryAdd: { access: editors, body: categoryBody, response: studioCategorySchema },
  videoCategoryUpdate: { access: editors, params: idParams, body: categoryBody, response: studioCategorySchema },
  videoCategoryDelete: { access: editors, params: idParams, response: ok },
  videoCategoryOrder: { access: editors, body: orderBody, response: z.array(studioCategorySchema) },
  radioCategories: { access: editors, response: z.array(studioCategorySchema) },
  radioCategoryAdd: { access: editors, body: categoryBody, response: studioCategorySchema },
  radioCategoryUpdate: { access: editors, params: idParams, body: categoryBody, response: studioCategorySchema },
  radioCategoryDelete: { access: editors, params: idParams, response: ok },
  radioCategoryOrder: { access: editors, body: orderBody, response: z.array(studioCategorySchema) },

  slides: { access: editors, params: z.object({ show: slideshowNameSchema }), response: z.array(studioSlideSchema) },
  slideAdd: {
    access: editors,
    params: z.object({ show: slideshowNameSchema }),
    body: slideFieldsSchema,
    response: studioSlideSchema,
  },
  slideOrder: {
    access: editors,
    params: z.object({ show: slideshowNameSchema }),
    body: orderBody,
    response: z.array(studioSlideSchema),
  },
  slideUpdate: { access: editors, params: idParams, body: slideEditSchema, response: studioSlideSchema },
  slideDelete: { access: editors, params: idParams, response: ok },
  slidePreview: { access: editors, params: idParams, body: uploadBody, response: studioSlideSchema },

  polls: { access: editors, response: z.array(studioPollSchema) },
  pollAdd: { access: editors, body: pollFieldsSchema, response: studioPollSchema },
  pollUpdate: { access: editors, params: idParams, body: pollFieldsSchema, response: studioPollSchema },
  pollDelete: { access: editors, params: idParams, response: ok },
  pollOrder: { access: editors, body: orderBody, response: z.array(studioPollSchema) },

  about: { access: editors, response: studioAboutSchema },
  aboutUpdate: { access: editors, body: aboutFieldsSchema, response: studioAboutSchema },
  aboutPoster: { access: editors, body: uploadBody, response: studioAboutSchema },

  searchPicks: { access: editors, response: searchPicksSchema },
  searchPicksWrite: { access: editors, body: searchPicksSchema, response: searchPicksSchema },
  radioListings: { access: editors, response: z.array(studioRadioListingSchema) },
  radioListingAdd: { access: editors, body: radioListingFieldsSchema, response: studioRadioListingSchema },
  radioListingUpdate: {
    access: editors,
    params: idParams,
    body: radioListingFieldsSchema,
    response: studioRadioListingSchema,
  },
  radioListingDelete: { access: editors, params: idParams, response: ok },
  radioListingOrder: { access: editors, body: orderBody, response: z.array(studioRadioListingSchema) },
  homeRows: { access: editors, response: z.array(studioHomeRowSchema) },
  homeRowAdd: { access: editors, body: homeRowFieldsSchema, response: studioHomeRowSchema },
  homeRowUpdate: { access: editors, params: idParams, body: homeRowFieldsSchema, response: studioHomeRowSchema },
  homeRowDelete: { access: editors, params: idParams, response: ok },
  homeRowOrder: { access: editors, body: orderBody, response: z.array(studioHomeRowSchema) },
  popularPicks: { access: editors, params: z.object({ kind: popularKindSchema }), response: studioPopularSchema },
  popularPicksWrite: {
    access: editors,
    params: z.object({ kind: popularKindSchema }),
    body: popularPicksSchema,
    response: studioPopularSchema,
  },

  jobs: {
    access: editors,
    querystring: z.object({ page: canonicalIntegerSchema(1, 100_000).optional().default(1) }),
    response: pagedSchema(studioJobSchema),
  },
  job: { access: editors, params: idParams, response: studioJobSchema },
  jobRetry: { access: editors, params: idParams, response: studioJobSchema },

  chatMessages: {
    access: moderators,
    params: z.object({ room: chatRoomSchema }),
    querystring: z.object({ after: canonicalIntegerSchema(0, Number.MAX_SAFE_INTEGER).optional() }),
    response: z.array(studioChatMessageSchema),
  },
  chatMessageHide: { access: moderators, params: idParams, response: studioChatMessageSchema },
  chatMessageShow: { access: moderators, params: idParams, response: studioChatMessageSchema },
});

/** The answer of a studio call. */
export type StudioAnswer<K extends StudioCallName> = z.infer<(typeof studioCalls)[K]['response']>;

/** Whether `access` lets an account of `role` in (undefined: nobody signed in). */
export function accessAllows(access: StudioAccess, role: StudioRole | undefined): boolean {
  if (access === 'anyone') return true;
  if (role === undefined) return false;
  return access === 'signed-in' || access.includes(role);
}

/** Whether an account of `role` may make `call`. */
export function mayCall(call: StudioCallName, role: StudioRole | undefined): boolean {
  return accessAllows(studioCalls[call].access, role);
}

/** A stored role as the contract knows it; undefined for one it does not. */
export function roleOf(value: string): StudioRole | undefined {
  return studioRoles.find((role) => role === value);
}
