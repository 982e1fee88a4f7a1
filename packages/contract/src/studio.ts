// The studio's calls under /api/studio (beside the spec's contract, never part of it): accounts
// and sessions, the catalogue and everything an editor owns on the public site, uploads and their
// ingest jobs, chat moderation. Over the route table (call-routes.ts) like the spec's calls; each
// call says here who may make it, and the server enforces exactly that (apps/server/src/studio/).
// The areas' shapes are in studio-accounts.ts, studio-catalogue.ts, studio-showcase.ts,
// studio-chat.ts and studio-schedule.ts.
import { z } from 'zod';
import { type StudioCallName, studioCallRoutes, withRoutes } from './call-routes.ts';
import {
  bodyIdSchema,
  canonicalIntegerSchema,
  chatRoomSchema,
  idSchema,
  pagedSchema,
  slideshowNameSchema,
} from './calls.ts';
import { studioLimits } from './constants.ts';
import { dateSchema } from './entities.ts';
import { channelAddSchema, channelSchema, channelSlugSchema } from './schedule.ts';
import {
  auditEntrySchema,
  auditQuerySchema,
  loginSchema,
  passwordSchema,
  type StudioRole,
  studioRoles,
  studioRoleSchema,
  studioSessionSchema,
  studioUserSchema,
} from './studio-accounts.ts';
import {
  radioEditSchema,
  radioFieldsSchema,
  radioListQuerySchema,
  studioCategorySchema,
  studioJobSchema,
  studioRadioSchema,
  studioVideoSchema,
  uploadIdSchema,
  videoEditSchema,
  videoFieldsSchema,
  videoListQuerySchema,
  videoSubtitlesAttachSchema,
} from './studio-catalogue.ts';
import { subtitleLanguageSchema } from './subtitles.ts';
import {
  chatBanAddSchema,
  chatDaySchema,
  chatSlowModeSchema,
  chatWordFieldsSchema,
  studioChatBanSchema,
  studioChatMessageSchema,
  studioChatRoomSchema,
  studioChatWordSchema,
} from './studio-chat.ts';
import {
  onAirChannelSchema,
  scheduleCopySchema,
  scheduleMoveSchema,
  scheduleDraftSchema,
  scheduleSaveSchema,
  scheduleTimelineSchema,
  scheduleVersionSchema,
  scheduleWeekDaySchema,
  studioScheduleDaySchema,
} from './studio-schedule.ts';
import {
  aboutFieldsSchema,
  homeRowFieldsSchema,
  pollFieldsSchema,
  popularKindSchema,
  popularPicksSchema,
  radioListingFieldsSchema,
  searchPicksSchema,
  slideEditSchema,
  slideFieldsSchema,
  studioAboutSchema,
  studioHomeRowSchema,
  studioPollSchema,
  studioPopularSchema,
  studioRadioListingSchema,
  studioSlideSchema,
} from './studio-showcase.ts';
import { textSchema } from './studio-text.ts';
import { audienceQuerySchema, audienceReportSchema } from './studio-audience.ts';

/** Who may make a call: 'anyone' (signing in), 'signed-in' (any role), or the roles named. */
export type StudioAccess = 'anyone' | 'signed-in' | readonly StudioRole[];

const admins: StudioAccess = ['admin'];
const editors: StudioAccess = ['admin', 'editor'];
const moderators: StudioAccess = ['admin', 'editor', 'moderator'];
const signedIn: StudioAccess = 'signed-in';
const anyone: StudioAccess = 'anyone';

const uploadBody = z.object({ upload: uploadIdSchema });

const categoryBody = z.object({ name: textSchema('Название', 1, 100) });
const orderBody = z.object({ ids: z.array(bodyIdSchema).max(1000).describe('every id of the list, in the new order') });

const roomParams = z.object({ room: chatRoomSchema });

const scheduleParams = z.object({ channel: channelSlugSchema, date: dateSchema });

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
  videoSubtitles: { access: editors, params: idParams, body: videoSubtitlesAttachSchema, response: studioVideoSchema },
  videoSubtitlesRemove: {
    access: editors,
    params: z.object({ id: idSchema, language: subtitleLanguageSchema }),
    response: studioVideoSchema,
  },

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
  scheduleMove: {
    access: editors,
    params: z.object({ channel: channelSlugSchema }),
    body: scheduleMoveSchema,
    response: z.object({
      airsFrom: z.number().nullable().describe('from when the change airs, when a day moved from or to is on the air'),
    }),
  },
  scheduleVersions: {
    access: editors,
    params: scheduleParams,
    response: z.array(scheduleVersionSchema).describe('the saves of the day, newest first'),
  },
  scheduleVersion: {
    access: editors,
    params: scheduleParams.extend({ entry: idSchema }),
    response: z.object({
      day: studioScheduleDaySchema.describe('the day as that save left it'),
      gone: z.number().int().describe('its items whose programme is no longer in the catalogue, left out'),
    }),
  },
  scheduleWeek: {
    access: editors,
    params: scheduleParams,
    response: z.object({ zone: z.string(), days: z.array(scheduleWeekDaySchema) }),
  },
  channels: { access: moderators, response: z.array(channelSchema) },
  channelAdd: { access: admins, body: channelAddSchema, response: channelSchema },
  channelLogo: {
    access: admins,
    params: z.object({ channel: channelSlugSchema }),
    body: uploadBody,
    response: channelSchema,
  },
  onAir: {
    access: moderators,
    querystring: z.object({
      at: z.coerce
        .number()
        .int()
        .min(0)
        .optional()
        .describe(
          "the instant to tell (ms since the epoch), within an hour of now: a player's picture; now when unset",
        ),
    }),
    response: z.object({
      zone: z.string(),
      mediaPort: z.number().int().describe("the live streams' port on the site's host"),
      channels: z.array(onAirChannelSchema),
    }),
  },

  audience: { access: editors, querystring: audienceQuerySchema, response: audienceReportSchema },

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
