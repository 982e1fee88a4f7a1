// Operators' calls beside /api/v1 (never part of the spec's contract): the ingest queue, used by
// the CLI while the site runs, and writing a channel's day. Declared in the contract's
// `adminCalls`; a bearer token kept in DATA_DIR guards them.
import { timingSafeEqual } from 'node:crypto';
import { isAbsolute } from 'node:path';
import { adminCalls, type IngestJob } from '@efir/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError, notFound } from '../lib/http-error.ts';
import { routeOf } from '../lib/route.ts';
import { deleteScheduleDay, type LiveChannelName, replaceScheduleDay } from '../repositories/live.ts';
import { enqueueIngest, findIngest, type IngestJobRow, listIngests, retryIngest } from '../repositories/ingest-jobs.ts';
import type { Db } from '../db/database.ts';

/** A job as the operators' calls show it (the contract's `ingestJobSchema`). */
export function toJobView(row: IngestJobRow): IngestJob {
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

export interface AdminOptions {
  db: Db;
  token: string;
  onQueued: () => void;
  /** Tells the live channels; answers from when the change airs on the channel (see docs/LIVE.md). */
  onScheduleChanged: (channel: LiveChannelName) => number | undefined;
}

/** The operators' calls of the contract's `adminCalls`, registered like /api/v1's. */
export const adminRoutes: FastifyPluginCallbackZod<AdminOptions> = (app, options, done) => {
  const { db } = options;
  app.addHook('onRequest', (request, _reply, next) => {
    if (!sameToken(request.headers.authorization, options.token)) {
      next(new HttpError(401, 'The admin token (DATA_DIR/admin-token) is missing or wrong.'));
      return;
    }
    next();
  });
  app.route({
    ...routeOf('ingestJobs', adminCalls.ingestJobs),
    handler: async () => (await listIngests(db)).map(toJobView),
  });

  app.route({
    ...routeOf('ingestSubmit', adminCalls.ingestSubmit, { successStatus: 201 }),
    handler: async (request, reply) => {
      const ingest = request.body;
      if (!isAbsolute(ingest.source.file)) throw new HttpError(400, 'source.file must be an absolute path');
      const job = await enqueueIngest(db, ingest.kind, ingest.source);
      options.onQueued();
      return reply.code(201).send(toJobView(job));
    },
  });

  app.route({
    ...routeOf('ingestJob', adminCalls.ingestJob),
    handler: async (request) => {
      const job = await findIngest(db, request.params.id);
      if (job === undefined) throw notFound('No such job.');
      return toJobView(job);
    },
  });

  app.route({
    ...routeOf('ingestRetry', adminCalls.ingestRetry),
    handler: async (request) => {
      const { id } = request.params;
      if (!(await retryIngest(db, id))) throw new HttpError(409, `Job ${id} is not a failed job.`);
      options.onQueued();
      const job = await findIngest(db, id);
      if (job === undefined) throw notFound('No such job.');
      return toJobView(job);
    },
  });

  app.route({
    ...routeOf('scheduleWrite', adminCalls.scheduleWrite),
    handler: async (request) => {
      const { channel, date } = request.params;
      const day = request.body;
      if (channel === 'radio' && day.tickers !== undefined)
        throw new HttpError(400, 'tickers: only the TV has tickers');
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
    },
  });

  app.route({
    ...routeOf('scheduleDelete', adminCalls.scheduleDelete),
    handler: async (request) => {
      const { channel, date } = request.params;
      if (!(await deleteScheduleDay(db, channel, date))) throw notFound(`No ${channel} day ${date}.`);
      return { channel, date, ...airsFrom(options.onScheduleChanged(channel)) };
    },
  });
  done();
};
