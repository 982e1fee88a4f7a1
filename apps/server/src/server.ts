// Runs the site: reads the configuration, opens the database (writing the demo content into an
// empty one), listens, and closes gracefully on SIGINT/SIGTERM.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp, buildMediaApp } from './app.ts';
import { openBus } from './bus/bus.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseError, isEmpty, openDatabase } from './db/database.ts';
import { seedDemo } from './demo/seed.ts';
import { IngestWorker } from './jobs/ingest-worker.ts';
import { adminToken } from './lib/admin-token.ts';
import { keepDataPrivate } from './lib/private-data.ts';
import { invalidateAnswers } from './plugins/answer-cache.ts';
import { locateMediaTools, MediaToolError } from './media/ffmpeg.ts';
import { ensureFiller } from './media/filler.ts';
import { sweepWorkFolders } from './media/work-folders.ts';
import { createLiveChannels, upcomingMedia } from './live/live-channels.ts';
import { addDays, dateIn, instantOf } from './lib/clock.ts';
import { queueDemoMedia } from './repositories/ingest-jobs.ts';
import { pruneAired } from './repositories/aired.ts';
import { pruneSearches } from './repositories/search.ts';
import { pruneRateWindows } from './repositories/rate-windows.ts';
import { pruneVisitorActions } from './repositories/visitor-actions.ts';

const hourMs = 60 * 60 * 1000;
/** How long the aired log keeps what aired: a day, for the checks of operators. */
const airedKeptMs = 24 * hourMs;

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  keepDataPrivate(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const tools = await locateMediaTools(config);
  const mediaDir = join(config.dataDir, 'media');
  mkdirSync(mediaDir, { recursive: true });
  const swept = await sweepWorkFolders(database.db, mediaDir);
  // Made once, in the background: the live channels wait for it, the rest of the site does not.
  const fillerReady = ensureFiller(tools, mediaDir);
  const live = createLiveChannels({
    db: database.db,
    mediaDir,
    timeZone: config.timeZone,
    fillerReady,
    onError: (error, what) => {
      app.log.warn({ err: error }, what);
    },
  });
  if (await isEmpty(database.db)) {
    const now = new Date();
    const today = dateIn(config.timeZone, now);
    const openingAt = (now.getTime() - instantOf(config.timeZone, today, '00:00:00')) / 1000;
    await seedDemo(database.db, { today, now, ...(config.demoMedia ? { openingAt } : {}) });
    // The demo's media are made in the background while the site serves: first what airs next on
    // either channel (an item on air joins as soon as its media are ready), then the rest.
    if (config.demoMedia) {
      // Slots do not depend on media or filler: a channel without them gives the order at once.
      const slots = createLiveChannels({ db: database.db, mediaDir: undefined, timeZone: config.timeZone });
      const upcoming = await upcomingMedia(slots, now.getTime(), [addDays(today, -1), today, addDays(today, 1)]);
      await queueDemoMedia(
        database.db,
        upcoming.map(({ channel, mediaId }) => ({ kind: channel === 'tv' ? 'demo-video' : 'demo-radio', id: mediaId })),
      );
    }
  }
  const bus = await openBus(config.redisUrl);
  const worker = new IngestWorker(
    { db: database.db, tools, mediaDir, maxBytes: config.ingestMaxBytes, maxSeconds: config.ingestMaxSeconds },
    {
      onDone: () => invalidateAnswers(bus, ''),
      onError: (error, job) => {
        app.log.error({ err: error, job: job?.id }, 'ingest failed');
      },
    },
  );
  const app = await buildApp({
    config,
    db: database.db,
    bus,
    mediaDir,
    live,
    mediaPort: config.mediaPort,
    timeouts: config,
    admin: {
      token: adminToken(config.dataDir),
      onQueued: () => {
        worker.poke();
      },
    },
  });
  const mediaApp = await buildMediaApp({
    mediaDir,
    allowedOrigins: config.siteOrigins,
    logLevel: config.logLevel,
    live,
    db: database.db,
    timeouts: config,
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

  const prune = setInterval(() => {
    const airedKept = Date.now() - airedKeptMs;
    Promise.all([
      pruneVisitorActions(database.db),
      pruneRateWindows(database.db),
      pruneSearches(database.db),
      pruneAired(database.db, airedKept),
    ]).catch((error: unknown) => {
      app.log.error({ err: error }, 'pruning failed');
    });
  }, hourMs);
  prune.unref();

  let closing = false;
  const close = (signal: string): void => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'efir stopping');
    clearInterval(prune);
    live.tv.stop();
    live.radio.stop();
    Promise.all([app.close(), mediaApp.close(), worker.stop()])
      .then(() => bus.close())
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => {
    close('SIGINT');
  });
  process.on('SIGTERM', () => {
    close('SIGTERM');
  });

  await app.listen({ port: config.port, host: config.host });
  // A deep accept queue: a thousand players reconnecting at once must not be turned away.
  await mediaApp.listen({ port: config.mediaPort, host: config.host, backlog: 4096 });
  // Lay out today's channels now rather than on the first viewer's request, and keep them ahead.
  for (const channel of [live.tv, live.radio]) {
    channel.playlist(Date.now()).catch((error: unknown) => {
      app.log.error({ err: error, channel: channel.channel }, 'laying out the live channel failed');
    });
    channel.start();
  }
  worker.start();
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseError || error instanceof MediaToolError) {
    console.error(`efir: ${error.message}`);
  } else {
    console.error('efir: start-up failed:', error);
  }
  process.exit(1);
});
