// The schemas of the operators' calls under /api/admin (beside the spec's contract, never part of
// it): the ingest queue, writing a channel's day, and the studio's accounts (for the command line). Over the route table (call-routes.ts) like
// the spec's calls; a bearer token guards every one.
import { z } from 'zod';
import { adminCallRoutes, type AdminCallName, withRoutes } from './call-routes.ts';
import { idSchema, scheduleDateSchema } from './calls.ts';
import { dateSchema } from './entities.ts';
import { channelAddSchema, channelSchema, channelSlugSchema, scheduleDaySchema } from './schedule.ts';
import { loginSchema, passwordSchema, studioRoleSchema, studioUserSchema } from './studio-accounts.ts';
import { subtitleTracksSchema } from './subtitles.ts';

export const videoSourceSchema = z.object({
  file: z.string().min(1).describe('an absolute path on the server'),
  name: z.string().trim().min(1).max(200),
  categoryId: z.number().int().min(1),
  description: z.string().max(5000).optional(),
  draft: z.number().int().min(0).max(2).optional(),
  subtitles: subtitleTracksSchema.optional(),
});
export type VideoSource = z.infer<typeof videoSourceSchema>;

export const radioSourceSchema = z.object({
  file: z.string().min(1).describe('an absolute path on the server'),
  name: z.string().trim().min(1).max(200),
  author: z.string().trim().min(1).max(200),
  categoryId: z.number().int().min(1),
  preview: z.string().min(1).optional().describe('a cover image: an absolute path on the server'),
  kind: z
    .union([z.literal(1), z.literal(2)])
    .optional()
    .describe('1 programme, 2 song'),
  draft: z.number().int().min(0).max(2).optional(),
});
export type RadioSource = z.infer<typeof radioSourceSchema>;

export const ingestRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('video'), source: videoSourceSchema }),
  z.object({ kind: z.literal('radio'), source: radioSourceSchema }),
]);
export type IngestRequest = z.infer<typeof ingestRequestSchema>;

export const ingestJobSchema = z.object({
  id: z.number().int(),
  kind: z.string().describe('video, radio, demo-video or demo-radio'),
  name: z.string(),
  file: z.string(),
  state: z.string().describe('queued, running, done or failed'),
  progress: z.number().describe('0 to 1'),
  error: z.string().nullable(),
  resultId: z.number().int().nullable().describe("the catalogue item's id once done"),
  attempts: z.number().int(),
  createdAt: z.string().describe('ISO 8601 date-time'),
});
export type IngestJob = z.infer<typeof ingestJobSchema>;

const scheduleParams = z.object({ channel: channelSlugSchema, date: scheduleDateSchema });
const airsFromSchema = z.iso
  .datetime()
  .optional()
  .describe('the instant (ISO 8601) from which the change is on the air, when the channel is airing');

export const adminCalls = withRoutes(adminCallRoutes, {
  ingestJobs: { response: z.array(ingestJobSchema) },
  ingestSubmit: { body: ingestRequestSchema, response: ingestJobSchema },
  ingestJob: { params: z.object({ id: idSchema }), response: ingestJobSchema },
  ingestRetry: { params: z.object({ id: idSchema }), response: ingestJobSchema },
  scheduleWrite: {
    params: scheduleParams,
    body: scheduleDaySchema,
    response: z.object({
      id: z.number().int(),
      channel: channelSlugSchema,
      date: dateSchema,
      airsFrom: airsFromSchema,
    }),
  },
  scheduleDelete: {
    params: scheduleParams,
    response: z.object({ channel: channelSlugSchema, date: dateSchema, airsFrom: airsFromSchema }),
  },
  channels: { response: z.array(channelSchema) },
  channelAdd: { body: channelAddSchema, response: channelSchema },
  users: { response: z.array(studioUserSchema) },
  userAdd: {
    body: z.object({ login: loginSchema, role: studioRoleSchema, password: passwordSchema.optional() }),
    response: z.object({
      user: studioUserSchema,
      password: z.string().optional().describe('the password made, shown once'),
    }),
  },
  userUpdate: {
    params: z.object({ login: loginSchema }),
    body: z.object({
      role: studioRoleSchema.optional(),
      disabled: z.boolean().optional(),
      password: z
        .union([passwordSchema, z.literal(true)])
        .optional()
        .describe('a new password, or true to have one made (answered once); either signs the account out everywhere'),
    }),
    response: z.object({ user: studioUserSchema, password: z.string().optional() }),
  },
});

/** The answer of an operators' call. */
export type AdminAnswer<K extends AdminCallName> = z.infer<(typeof adminCalls)[K]['response']>;

/** The node's Prometheus metrics (text exposition format), under the operators' prefix: their reach
 * and their token, as every operators' call. */
export const adminMetricsPath = '/metrics';
