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
import { clockTimeSchema, dateSchema } from './entities.ts';
import { normalisedLink } from './pages.ts';
import {
  liveChannelSchema,
  scheduleDaySchema,
  scheduleItemSchema,
  scheduleLimits,
  scheduleTickerSchema,
} from './schedule.ts';

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
  held: z.boolean().describe('held for review by the word list: no visitor sees it until a moderator approves it'),
  visitorTag: z.string().describe('a short tag of the poster: one visitor, one tag; nothing of their cookie'),
  addressTag: z
    .string()
    .nullable()
    .describe("a short tag of the poster's address, never the address; null on messages older than bans"),
});
export type StudioChatMessage = z.infer<typeof studioChatMessageSchema>;

/** How long a ban holds: an hour, a day, a week, or until a moderator lifts it. */
export const chatBanDurationSchema = z.enum(['1h', '24h', '7d', 'forever']);
export type ChatBanDuration = z.infer<typeof chatBanDurationSchema>;
export const chatBanSeconds: Record<ChatBanDuration, number | null> = {
  '1h': 3600,
  '24h': 24 * 3600,
  '7d': 7 * 24 * 3600,
  forever: null,
};

/** A ban names a message, never a visitor or an address: it bans whoever posted that message. */
export const chatBanAddSchema = z.strictObject({
  messageId: bodyIdSchema.describe('a message of the visitor to ban'),
  duration: chatBanDurationSchema,
  byAddress: z
    .boolean()
    .default(false)
    .describe("the message's address too: no cookie posts from it, whoever else shares it"),
  reason: textSchema('Причина', 0, 200).default(''),
});
export type ChatBanAdd = z.input<typeof chatBanAddSchema>;

export const studioChatBanSchema = z.object({
  id: z.number().int(),
  visitorTag: z.string(),
  addressTag: z.string().nullable().describe('set when the ban holds the address too'),
  reason: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  until: z.string().nullable().describe('null: for good'),
  liftedAt: z.string().nullable(),
  liftedBy: z.string().nullable(),
  message: z
    .object({ id: z.number().int(), room: chatRoomSchema, name: z.string(), message: z.string() })
    .nullable()
    .describe('the message it was made from'),
});
export type StudioChatBan = z.infer<typeof studioChatBanSchema>;

export const chatWordModeSchema = z
  .enum(['hold', 'refuse'])
  .describe('hold: the post waits for a moderator; refuse: the post is refused');
export type ChatWordMode = z.infer<typeof chatWordModeSchema>;
export const chatWordFieldsSchema = z.object({
  word: textSchema('Слово', 1, 60).refine(
    (word) => /[\p{L}\p{N}]/u.test(word),
    'Слово: нужна хотя бы одна буква или цифра',
  ),
  mode: chatWordModeSchema,
});
export type ChatWordFields = z.input<typeof chatWordFieldsSchema>;
export const studioChatWordSchema = z.object({
  id: z.number().int(),
  word: z.string(),
  mode: chatWordModeSchema,
  createdAt: z.string(),
  createdBy: z.string(),
});
export type StudioChatWord = z.infer<typeof studioChatWordSchema>;

export const chatSlowModeMax = 3600;
export const chatSlowModeSchema = z.object({
  seconds: z
    .number()
    .int()
    .min(0, 'Медленный режим: от 0 секунд')
    .max(chatSlowModeMax, `Медленный режим: не больше ${String(chatSlowModeMax)} секунд`)
    .describe('one post per this many seconds per visitor; 0: off'),
});

const chatDaySchema = z
  .object({ id: z.number().int(), date: dateSchema })
  .nullable()
  .describe("the room's day on air (its programme), whose chat a clear hides; null: none today");
export const studioChatRoomSchema = z.object({
  room: chatRoomSchema,
  slowModeSeconds: z.number().int().describe('set by moderators; the automatic slow mode of a busy room applies too'),
  day: chatDaySchema,
});
export type StudioChatRoom = z.infer<typeof studioChatRoomSchema>;
const roomParams = z.object({ room: chatRoomSchema });

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
  channel: liveChannelSchema,
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

export const scheduleCopySchema = z
  .object({
    from: dateSchema.describe('the first day to write'),
    to: dateSchema.describe('the last day to write'),
    replace: z.boolean().default(false).describe('write over days that have a schedule'),
  })
  .refine((range) => range.from <= range.to, { message: 'Копирование: последний день раньше первого', path: ['to'] });

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
});

export const onAirChannelSchema = z.object({
  channel: liveChannelSchema,
  playlist: z.string().describe("the live playlist's path on the media port, as viewers get it"),
  date: dateSchema.nullable(),
  now: z
    .object({ name: z.string(), mediaId: z.number().int(), start: z.number(), end: z.number() })
    .nullable()
    .describe('null: the slate or off the air'),
  next: z.array(z.object({ name: z.string(), mediaId: z.number().int(), start: z.number() })),
});

const scheduleParams = z.object({ channel: liveChannelSchema, date: dateSchema });

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

  scheduleDay: {
    access: editors,
    params: scheduleParams,
    response: z.object({ day: studioScheduleDaySchema, timeline: scheduleTimelineSchema }),
  },
  schedulePreview: {
    access: editors,
    params: scheduleParams,
    body: scheduleDraftSchema,
    response: scheduleTimelineSchema,
  },
  scheduleSave: {
    access: editors,
    params: scheduleParams,
    body: scheduleSaveSchema,
    response: z.object({ day: studioScheduleDaySchema, timeline: scheduleTimelineSchema }),
  },
  scheduleCopy: {
    access: editors,
    params: scheduleParams,
    body: scheduleCopySchema,
    response: z.object({
      written: z.array(dateSchema),
      kept: z.array(dateSchema).describe('days that have a schedule, left as they are'),
    }),
  },
  scheduleWeek: {
    access: editors,
    params: scheduleParams,
    response: z.object({ zone: z.string(), days: z.array(scheduleWeekDaySchema) }),
  },
  onAir: {
    access: moderators,
    response: z.object({
      zone: z.string(),
      mediaPort: z.number().int().describe("the live streams' port on the site's host"),
      channels: z.array(onAirChannelSchema),
    }),
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
  chatRoom: { access: moderators, params: roomParams, response: studioChatRoomSchema },
  chatSlowMode: { access: moderators, params: roomParams, body: chatSlowModeSchema, response: studioChatRoomSchema },
  chatRoomClear: {
    access: moderators,
    params: roomParams,
    response: z.object({ room: chatRoomSchema, day: chatDaySchema, hidden: z.number().int() }),
  },
  chatHeld: { access: moderators, response: z.array(studioChatMessageSchema) },
  chatMessageApprove: { access: moderators, params: idParams, response: studioChatMessageSchema },
  chatMessageReject: { access: moderators, params: idParams, response: studioChatMessageSchema },
  chatBans: { access: moderators, response: z.array(studioChatBanSchema) },
  chatBanAdd: { access: moderators, body: chatBanAddSchema, response: studioChatBanSchema },
  chatBanLift: { access: moderators, params: idParams, response: studioChatBanSchema },
  chatWords: { access: moderators, response: z.array(studioChatWordSchema) },
  chatWordAdd: { access: moderators, body: chatWordFieldsSchema, response: studioChatWordSchema },
  chatWordDelete: { access: moderators, params: idParams, response: ok },
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
