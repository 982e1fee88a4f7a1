// The ingest queue as editors follow it: every job with its stage, progress, time left and, when
// it failed, why (ffmpeg's own words where ffmpeg refused), and a retry for a failed one.
import { studioLimits } from '@efir/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error.ts';
import { recordChange } from '../../repositories/audit.ts';
import { findIngest, ingestPage, retryIngest } from '../../repositories/ingest-jobs.ts';
import { actorOf } from '../access.ts';
import type { StudioContext } from '../context.ts';
import { studioRoute } from '../route.ts';
import { toStudioJob } from '../views.ts';

export const jobRoutes: FastifyPluginCallbackZod<StudioContext> = (app, context, done) => {
  const { db } = context;

  app.route({
    ...studioRoute('jobs'),
    handler: async (request) => {
      const { count, rows } = await ingestPage(db, request.query.page, studioLimits.jobsPageSize);
      const now = Date.now();
      return { count, results: rows.map((row) => toStudioJob(row, now)) };
    },
  });

  app.route({
    ...studioRoute('job'),
    handler: async (request) => {
      const job = await findIngest(db, request.params.id);
      if (job === undefined) throw new HttpError(404, 'Нет такого задания.');
      return toStudioJob(job);
    },
  });

  app.route({
    ...studioRoute('jobRetry'),
    handler: async (request) => {
      const { id } = request.params;
      await db.transaction(async (tx) => {
        if ((await findIngest(tx, id)) === undefined) throw new HttpError(404, 'Нет такого задания.');
        if (!(await retryIngest(tx, id)))
          throw new HttpError(409, 'Повторить можно только задание, которое не удалось.');
        await recordChange(tx, actorOf(request), { action: 'job.retry', entity: 'job', entityId: id });
      });
      context.onQueued();
      const job = await findIngest(db, id);
      if (job === undefined) throw new HttpError(404, 'Нет такого задания.');
      return toStudioJob(job);
    },
  });
  done();
};
