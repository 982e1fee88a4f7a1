// Operators' calls beside /api/v1 (never part of the public contract): the ingest queue, used by
// the CLI while the site runs, and writing a channel's day. A bearer token kept in DATA_DIR
// guards them.
import { timingSafeEqual } from 'node:crypto';
import { isAbsolute } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { idSchema, scheduleDateSchema } from '@efir/contract';
import { z } from 'zod';
import { radioSourceSchema, videoSourceSchema } from '../jobs/ingest-worker.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import { deleteScheduleDay, type LiveChannelName, replaceScheduleDay } from '../repositories/live.ts';
import { enqueueIngest, findIngest, type IngestJobRow, listIngests, retryIngest } from '../repositories/ingest-jobs.ts';
import type { Db } from '../db/database.ts';

export const adminPrefix = '/api/admin';

export const ingestRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('video'), source: videoSourceSchema }),
  z.object({ kind: z.literal('radio'), source: radioSourceSchema }),
]);
export type IngestRequest = z.infer<typeof ingestRequestSchema>;

const clockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/u, 'a time HH:mm:ss');

export const scheduleDaySchema = z.object({
  startsAt: clockTimeSchema.default('00:00:00'),
  finishedText: z.string().max(2000).default(''),
  items: z
    .array(
      z.object({
        /** The video's (tv) or radio's id. */
        id: z.number().int().min(1),
        startsAt: clockTimeSchema.nullable().default(null),
        isAd: z.boolean().default(false),
        /** Radio only: 2 keeps the item from airing. */
        draft: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
      }),
    )
    .max(5000),
  tickers: z
    .array(
      z.object({
        videoId: z.number().int().min(1).nullable().default(null),
        message: z.string().trim().min(1).max(500),
        startsAt: clockTimeSchema,
        duration: z.number().positive().max(86_400).default(10),
        speed: z.number().positive().max(5000).default(80),
      }),
    )
    .max(1000)
    .optional(),
});

const scheduleParams = z.object({
  channel: z.enum(['tv', 'radio']),
  date: scheduleDateSchema,
});

export interface IngestJobView {
  id: number;
  kind: string;
  name: string;
  file: string;
  state: string;
  progress: number;
  error: string | null;
  resultId: number | null;
  attempts: number;
  createdAt: string;
}

export function toJobView(row: IngestJobRow): IngestJobView {
  const source = row.source as { name?: unknown; file?: unknown };
  return {
    id: row.id,
    kind: row.kind,
    name: typeof source.name === 'string' ? source.name : '',
    file: typeof source.file === 'string' ? source.file : '',
    state: row.state,
    progress: row.progress,
    error: row.error,
    resultId: row.resultId,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A change reaches the air at the first segment boundary from this instant on (ISO), if the
 * channel is being aired. */
function airsFrom(instant: number | undefined): { airsFrom?: string } {
  return instant === undefined ? {} : { airsFrom: new Date(instant).toISOString() };
}

function sameToken(given: string | undefined, token: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(`Bearer ${token}`);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function adminRoutes(
  app: FastifyInstance,
  options: {
    db: Db;
    token: string;
    onQueued: () => void;
    /** Tells the live channels; answers from when the change airs on the channel (see docs/LIVE.md). */
    onScheduleChanged: (channel: LiveChannelName) => number | undefined;
  },
  done: (error?: Error) => void,
): void {
  const { db } = options;
  app.addHook('onRequest', (request, _reply, next) => {
    if (!sameToken(request.headers.authorization, options.token)) {
      next(new HttpError(401, 'The admin token (DATA_DIR/admin-token) is missing or wrong.'));
      return;
    }
    next();
  });
  const idParams = z.object({ id: idSchema });
  const parse = <T extends z.ZodType>(schema: T, value: unknown): z.infer<T> => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      throw new HttpError(400, parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    }
    return parsed.data;
  };

  app.get('/jobs', async () => (await listIngests(db)).map(toJobView));

  app.post('/jobs', async (request, reply) => {
    const ingest = parse(ingestRequestSchema, request.body);
    if (!isAbsolute(ingest.source.file)) throw new HttpError(400, 'source.file must be an absolute path');
    const job = await enqueueIngest(db, ingest.kind, ingest.source);
    options.onQueued();
    return reply.code(201).send(toJobView(job));
  });

  app.get('/jobs/:id', async (request) => {
    const job = await findIngest(db, parse(idParams, request.params).id);
    if (job === undefined) throw notFound('No such job.');
    return toJobView(job);
  });

  app.post('/jobs/:id/retry', async (request) => {
    const { id } = parse(idParams, request.params);
    if (!(await retryIngest(db, id))) throw new HttpError(409, `Job ${id} is not a failed job.`);
    options.onQueued();
    const job = await findIngest(db, id);
    if (job === undefined) throw notFound('No such job.');
    return toJobView(job);
  });
  app.put('/schedule/:channel/:date', async (request) => {
    const { channel, date } = parse(scheduleParams, request.params);
    const day = parse(scheduleDaySchema, request.body);
    if (channel === 'radio' && day.tickers !== undefined) throw new HttpError(400, 'tickers: only the TV has tickers');
    const id = await replaceScheduleDay(db, channel, date, {
      startsAt: day.startsAt,
      finishedText: day.finishedText,
      items: day.items.map((item) => ({
        mediaId: item.id,
        startsAt: item.startsAt,
        isAd: item.isAd,
        draft: item.draft,
      })),
      ...(day.tickers === undefined
        ? {}
        : {
            tickers: day.tickers.map((entry) => ({
              videoId: entry.videoId,
              message: entry.message,
              startsAt: entry.startsAt,
              durationSeconds: entry.duration,
              speed: entry.speed,
            })),
          }),
    });
    if (id === undefined)
      throw new HttpError(400, `items: a ${channel === 'tv' ? 'video' : 'radio'} named does not exist`);
    return { id, channel, date, ...airsFrom(options.onScheduleChanged(channel)) };
  });

  app.delete('/schedule/:channel/:date', async (request, reply) => {
    const { channel, date } = parse(scheduleParams, request.params);
    if (!(await deleteScheduleDay(db, channel, date))) throw notFound(`No ${channel} day ${date}.`);
    await reply.code(200).send({ channel, date, ...airsFrom(options.onScheduleChanged(channel)) });
  });
  done();
}
