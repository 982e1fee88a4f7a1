// Operators' calls beside /api/v1 (never part of the spec's contract): the ingest queue and the
// studio's accounts, used by the CLI while the site runs, and writing a channel's day. Declared in
// the contract's `adminCalls`; a bearer token kept in DATA_DIR guards them, and every change they
// make is in the audit log under the actor 'token'.
import { timingSafeEqual } from 'node:crypto';
import { isAbsolute } from 'node:path';
import { adminBackupPath, adminCalls, adminMetricsPath, backupMediaModeSchema, type IngestJob } from '@efir/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { addressKey } from '../lib/address.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import { routeOf } from '../lib/route.ts';
import { type Actor, recordChange } from '../repositories/audit.ts';
import { findUserByLogin, listUsers } from '../repositories/studio-accounts.ts';
import { changeAccount, createAccount, toStudioUser } from '../studio/accounts.ts';
import { enqueueIngest, findIngest, type IngestJobRow, listIngests, retryIngest } from '../repositories/ingest-jobs.ts';
import type { Database, Db } from '../db/database.ts';
import { writeBackup } from '../backup/backup-writer.ts';
import type { AdminReach } from '../admin-listen.ts';
import type { ScheduleDays } from '../schedule/schedule-days.ts';
import type { Channels } from '../channels/channel-service.ts';
import type { SiteMetrics } from '../metrics/site-metrics.ts';

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

/** The operators' token as the audit log names it. */
function tokenActor(request: FastifyRequest): Actor {
  return { name: 'token', address: addressKey(request.ip), requestId: request.id };
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
  /** Who may reach these calls (ADMIN_LISTEN): asked before the token, so that nobody else learns
   * anything of it. */
  reach: AdminReach;
  onQueued: () => void;
  /** Writes the channels' days (the one way, shared with the studio). */
  schedule: ScheduleDays;
  channels: Channels;
  /** The node's metrics, read at `adminMetricsPath`; without them that path is not found. */
  metrics?: SiteMetrics;
  /** What `adminBackupPath` backs up: the database's kind and the media folder; without it that
   * path is not found. */
  backup?: { kind: Database['kind']; mediaDir: string };
}

/** The operators' calls of the contract's `adminCalls`, registered like /api/v1's. */
export const adminRoutes: FastifyPluginCallbackZod<AdminOptions> = (app, options, done) => {
  const { db } = options;
  app.addHook('onRequest', (request, _reply, next) => {
    if (!options.reach.answers(request.raw)) {
      next(new HttpError(403, options.reach.refusal));
      return;
    }
    if (!sameToken(request.headers.authorization, options.token)) {
      next(new HttpError(401, 'The admin token (DATA_DIR/admin-token) is missing or wrong.'));
      return;
    }
    next();
  });
  const { metrics } = options;
  if (metrics !== undefined) {
    app.get(adminMetricsPath, { schema: { hide: true } }, async (_request, reply) =>
      reply
        .header('content-type', metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.registry.metrics()),
    );
  }
  const { backup } = options;
  if (backup !== undefined) {
    app.get(adminBackupPath, { schema: { hide: true } }, (request, reply) => {
      const media = backupMediaModeSchema.safeParse((request.query as { media?: unknown }).media ?? 'copy');
      if (!media.success) throw new HttpError(400, 'media: copy or reference');
      const archive = writeBackup({
        database: { db, kind: backup.kind },
        mediaDir: backup.mediaDir,
        media: media.data,
      });
      archive.on('error', (error) => {
        request.log.error({ err: error }, 'the backup broke off');
      });
      request.log.info({ media: media.data }, 'backup taken by the operators');
      return reply.header('content-type', 'application/x-tar').header('cache-control', 'no-store').send(archive);
    });
  }
  app.route({
    ...routeOf('ingestJobs', adminCalls.ingestJobs),
    handler: async () => (await listIngests(db)).map(toJobView),
  });

  app.route({
    ...routeOf('ingestSubmit', adminCalls.ingestSubmit, { successStatus: 201 }),
    handler: async (request, reply) => {
      const ingest = request.body;
      if (!isAbsolute(ingest.source.file)) throw new HttpError(400, 'source.file must be an absolute path');
      const job = await db.transaction(async (tx) => {
        const queued = await enqueueIngest(tx, ingest.kind, ingest.source, { requestId: request.id });
        await recordChange(tx, tokenActor(request), {
          action: 'job.add',
          entity: 'job',
          entityId: queued.id,
          after: ingest,
        });
        return queued;
      });
      options.onQueued();
      return reply.code(201).send(toJobView(job));
    },
  });

  /** A job as the calls answer it. */
  const jobView = async (id: number) => {
    const job = await findIngest(db, id);
    if (job === undefined) throw notFound('No such job.');
    return toJobView(job);
  };

  app.route({
    ...routeOf('ingestJob', adminCalls.ingestJob),
    handler: (request) => jobView(request.params.id),
  });

  app.route({
    ...routeOf('ingestRetry', adminCalls.ingestRetry),
    handler: async (request) => {
      const { id } = request.params;
      await db.transaction(async (tx) => {
        if (!(await retryIngest(tx, id))) throw new HttpError(409, `Job ${id} is not a failed job.`);
        await recordChange(tx, tokenActor(request), { action: 'job.retry', entity: 'job', entityId: id });
      });
      options.onQueued();
      return jobView(id);
    },
  });

  app.route({
    ...routeOf('scheduleWrite', adminCalls.scheduleWrite),
    handler: async (request) => {
      const { date } = request.params;
      const channel = options.schedule.channel(request.params.channel);
      const day = request.body;
      const written = await options.schedule.save(tokenActor(request), channel, date, {
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
      return { id: written.id, channel: channel.slug, date, ...airsFrom(written.airsFrom) };
    },
  });

  app.route({
    ...routeOf('scheduleDelete', adminCalls.scheduleDelete),
    handler: async (request) => {
      const { date } = request.params;
      const channel = options.schedule.channel(request.params.channel);
      const removed = await options.schedule.remove(tokenActor(request), channel, date);
      return { channel: channel.slug, date, ...airsFrom(removed.airsFrom) };
    },
  });

  app.route({
    ...routeOf('channels', adminCalls.channels),
    handler: () => options.channels.list(),
  });

  app.route({
    ...routeOf('channelAdd', adminCalls.channelAdd, { successStatus: 201 }),
    handler: async (request, reply) =>
      reply.code(201).send(await options.channels.add(tokenActor(request), request.body)),
  });

  app.route({
    ...routeOf('users', adminCalls.users),
    handler: async () => (await listUsers(db)).map(toStudioUser),
  });

  app.route({
    ...routeOf('userAdd', adminCalls.userAdd, { successStatus: 201 }),
    handler: async (request, reply) => {
      const { user, password } = await createAccount(db, tokenActor(request), request.body);
      return reply.code(201).send({ user: toStudioUser(user), ...(password === undefined ? {} : { password }) });
    },
  });

  app.route({
    ...routeOf('userUpdate', adminCalls.userUpdate),
    handler: async (request) => {
      const found = await findUserByLogin(db, request.params.login);
      if (found === undefined) throw notFound(`No account ${request.params.login}.`);
      const { role, disabled, password } = request.body;
      const { user, password: made } = await changeAccount(db, tokenActor(request), found.id, {
        ...(role === undefined ? {} : { role }),
        ...(disabled === undefined ? {} : { disabled }),
        ...(password === undefined ? {} : { newPassword: password }),
      });
      return { user: toStudioUser(user), ...(made === undefined ? {} : { password: made }) };
    },
  });
  done();
};
