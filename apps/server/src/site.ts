// The running site: opens the database (writing the demo into an empty one), starts the live
// channels, the ingest worker and the housekeeping, and listens on both ports; `close` stops it
// all in order. server.ts only starts and stops it.
import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { AdminPort } from './admin-listen.ts';
import { buildApp } from './app.ts';
import { buildMediaApp } from './media-app.ts';
import { openBus } from './bus/bus.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import { seedIfEmpty } from './demo/first-start.ts';
import { startHousekeeping } from './jobs/housekeeping.ts';
import { IngestWorker } from './jobs/ingest-worker.ts';
import { localUrl } from './lib/address.ts';
import { briefError } from './lib/brief-error.ts';
import { createSiteMetrics } from './metrics/site-metrics.ts';
import { adminToken } from './lib/admin-token.ts';
import { allChannels, createLiveChannels } from './live/live-channels.ts';
import { locateMediaTools } from './media/ffmpeg.ts';
import { ensureFiller } from './media/filler.ts';
import { PreparedMedia } from './media/prepared-media.ts';
import { sweepWorkFolders } from './media/work-folders.ts';
import { invalidateAnswers } from './plugins/answer-cache.ts';
import { Uploads } from './studio/uploads.ts';

/** The demo's media jobs run this many at a time beside the main lane (see IngestWorker). */
const demoMediaLanes = 2;

export interface RunningSite {
  log: FastifyBaseLogger;
  /** Stops taking requests and work, then closes the bus and the database. */
  close(): Promise<void>;
}

export async function startSite(config: Config): Promise<RunningSite> {
  const mediaDir = join(config.dataDir, 'media');
  mkdirSync(mediaDir, { recursive: true });
  // ffmpeg is asked its version (a few child processes) while the database opens, which keeps this
  // process's core busy: a restart is off air for as long as both take.
  const mediaFound = locateMediaTools(config).then((tools) => ({
    tools,
    prepared: new PreparedMedia(config.preparedMediaDir, tools.version),
  }));
  // The filler, made once, in the background: the live channels wait for it, the rest of the site
  // does not. Begun before the database opens, which keeps one core busy for seconds on a first start.
  const fillerReady = mediaFound.then(({ tools, prepared }) => ensureFiller(tools, prepared, mediaDir));
  // Handled here so a failure before the log exists is no crash; it is reported below.
  fillerReady.catch(() => undefined);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { tools, prepared } = await mediaFound.catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  const swept = await sweepWorkFolders(database.db, mediaDir);
  const live = createLiveChannels({
    db: database.db,
    mediaDir,
    timeZone: config.timeZone,
    shifts: config.shifts,
    rewindMs: config.rewindMs,
    fillerReady,
    onError: (error, what) => {
      app.log.warn({ err: error }, what);
    },
    // Every node says when its channel airs a save, naming the request that wrote it (its `reqId`).
    onScheduleTaken: (channel, save) => {
      app.log.info(
        {
          channel: channel.slug,
          day: save.date,
          revision: save.revision,
          by: save.by,
          reqId: save.request ?? undefined,
        },
        'schedule taken up',
      );
    },
  });
  // The channels operators added are aired beside the main two.
  await live.refresh();
  // The demo's media are made in the background while the site serves.
  await seedIfEmpty(database.db, config);
  const bus = await openBus(config.redisUrl);
  const metrics = createSiteMetrics();
  metrics.read({ databasePool: database.pool, redisUp: bus.reachable });
  const worker = new IngestWorker(
    {
      db: database.db,
      tools,
      mediaDir,
      prepared,
      maxBytes: config.ingestMaxBytes,
      maxSeconds: config.ingestMaxSeconds,
    },
    {
      onDone: async (job, resultId) => {
        // The request that queued it names it here too (`reqId`), as in that request's own lines.
        app.log.info({ job: job.id, kind: job.kind, resultId, reqId: job.requestId ?? undefined }, 'ingest done');
        await invalidateAnswers(bus, '');
      },
      onError: (error, job) => {
        if (job === undefined) {
          app.log.warn({ err: briefError(error) }, 'the ingest queue cannot be read: jobs wait until it can');
        } else app.log.error({ err: error, job: job.id, reqId: job.requestId ?? undefined }, 'ingest failed');
      },
      onQueueBack: (outageMs) => {
        app.log.info({ outageMs }, 'the ingest queue is read again');
      },
      onEnded: (job, outcome, seconds) => {
        metrics.ingestJobs.observe({ kind: job.kind, outcome }, seconds);
      },
    },
    undefined,
    demoMediaLanes,
  );
  const uploads = new Uploads({ directory: join(config.dataDir, 'uploads'), maxBytes: config.ingestMaxBytes });
  const onQueued = (): void => {
    worker.poke();
  };
  const adminPort = config.adminListen === undefined ? undefined : new AdminPort(config);
  const app = await buildApp({
    metrics,
    // Its host and site port: the same name after a restart, another for a node beside it.
    node: `${hostname()}:${String(config.port)}`,
    config,
    db: database.db,
    bus,
    mediaDir,
    live,
    mediaPort: config.publicMediaPort,
    timeouts: config,
    admin: {
      token: adminToken(config.dataDir),
      onQueued,
      backup: { kind: database.kind, mediaDir },
      ...(adminPort === undefined ? {} : { reach: adminPort }),
    },
    studio: { session: config.studioSession, mediaDir, tools, uploads, onQueued },
  });
  const mediaApp = await buildMediaApp({
    mediaDir,
    allowedOrigins: config.siteOrigins,
    logLevel: config.logLevel,
    live,
    db: database.db,
    timeouts: config,
    metrics,
  });
  fillerReady.catch((error: unknown) => {
    app.log.error({ err: error }, 'making the live channels filler failed: gaps air as silence');
  });
  app.log.info(
    {
      database: database.kind,
      bus: config.redisUrl === undefined ? 'in-process' : 'redis',
      timeZone: config.timeZone,
      ffmpeg: `${tools.version} (${tools.source}: ${tools.ffmpeg})`,
    },
    'efir starting',
  );
  if (tools.tether.length === 0) app.log.warn('setpriv (util-linux) is missing: an ffmpeg outlives a killed server');
  if (swept.removed.length > 0) app.log.info(swept, 'removed the work folders of interrupted jobs');
  const stopHousekeeping = startHousekeeping(
    { db: database.db, mediaDir, uploads, session: config.studioSession },
    (error) => {
      app.log.error({ err: error }, 'pruning failed');
    },
  );

  await app.listen({ port: config.port, host: config.host });
  const admin =
    adminPort === undefined || config.adminListen === undefined
      ? undefined
      : await adminPort.listen(app, config.adminListen);
  // A command line given only DATA_DIR finds the site here, and sends its work to it.
  const listening = app.server.address();
  if (listening !== null && typeof listening === 'object') {
    await database.dataDirLock?.describe(localUrl(config.host, listening.port), admin);
  }
  // A deep accept queue: a thousand players reconnecting at once must not be turned away.
  await mediaApp.listen({ port: config.mediaPort, host: config.host, backlog: 4096 });
  // Lay out today's channels now rather than on the first viewer's request, and keep them ahead;
  // a channel added later is laid out as it comes. Once they air, each reads the older part of its
  // aired log (rewind's hours), which a restart's first playlists do not queue behind.
  const firstLayouts: Promise<void>[] = [];
  let startedAll = false;
  live.startAll((channel) => {
    const laidOut = channel.playlists.playlist(Date.now()).then(
      () => undefined,
      (error: unknown) => {
        app.log.error({ err: error, channel: channel.logName }, 'laying out the live channel failed');
      },
    );
    channel.start();
    if (startedAll) void laidOut.then(() => channel.readOlderLog());
    else firstLayouts.push(laidOut);
  });
  startedAll = true;
  void Promise.all(firstLayouts).then(() => Promise.all(allChannels(live).map((channel) => channel.readOlderLog())));
  worker.start();

  return {
    log: app.log,
    close: async () => {
      stopHousekeeping();
      await Promise.all(allChannels(live).map((channel) => channel.stop()));
      await Promise.all([app.close(), mediaApp.close(), adminPort?.close(), worker.stop()]);
      await bus.close();
      await database.close();
    },
  };
}
