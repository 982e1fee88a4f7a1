// Builds the site's Fastify app as a plugin tree; it never listens (server.ts does).
import { existsSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import {
  adminPrefix,
  requestIdHeader,
  apiPrefix,
  eventStreamTimings,
  formatShift,
  mediaPrefix,
  streamMetaNames,
  studioPrefix,
  visitorLimitDefaults,
} from '@efir/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Bus } from './bus/bus.ts';
import { ChatFreshness } from './chat/freshness.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { trustProxyOption } from './lib/address.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { answerClientError, answerError, answerFrameworkError, answerUnrouted } from './lib/error-answers.ts';
import { requestTimeoutOptions, type RequestTimeouts } from './lib/request-timeouts.ts';
import { HttpError } from './lib/http-error.ts';
import { holdsNul } from './lib/text.ts';
import {
  inlineScriptHashes,
  mediaOrigins,
  mediaPolicy,
  securityHeaders,
  securityHeadersPlugin,
  sitePolicy,
} from './lib/security-headers.ts';
import { answerCacheMs } from './lib/route.ts';
import { mediaOriginPlugin } from './media/origin.ts';
import { answerCachePlugin, contentChangedChannel, invalidateAnswers } from './plugins/answer-cache.ts';
import { databaseCheck, healthPlugin } from './plugins/health.ts';
import { briefError } from './lib/brief-error.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import type { SiteMetrics } from './metrics/site-metrics.ts';
import { ingestStateCounts } from './repositories/ingest-jobs.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { scriptPlugin } from './plugins/script.ts';
import { latinMemo } from './lib/latin-memo.ts';
import { cataloguePages } from './catalogue/catalogue-pages.ts';
import { visitorPlugin } from './plugins/visitor.ts';
import { type AdminOptions, adminRoutes } from './routes/admin.ts';
import { requestIdOf } from './lib/request-id.ts';
import { scheduleDays } from './schedule/schedule-days.ts';
import { type AdminReach, thisMachineOnly } from './admin-listen.ts';
import { catalogueRoutes } from './routes/catalogue.ts';
import { chatRoutes } from './routes/chat.ts';
import type { RouteContext } from './routes/context.ts';
import { programmeRoutes } from './routes/programmes.ts';
import { radioRoutes } from './routes/radio.ts';
import { liveRoutes } from './routes/live.ts';
import { eventRoutes } from './routes/events.ts';
import { chatParts, contentParts, EventHub } from './events/event-hub.ts';
import { liveStateReader } from './events/live-state.ts';
import { liveAnswers } from './live/live-answers.ts';
import { searchRoutes } from './routes/search.ts';
import { showcaseRoutes } from './routes/showcase.ts';
import type { LiveChannel } from './live/live-channel.ts';
import { createLiveChannels, type LiveChannels } from './live/live-channels.ts';
import { channelService, channelsChangedChannel } from './channels/channel-service.ts';
import { channelsOnAirRoutes } from './routes/channels-on-air.ts';
import { iptvRoutes } from './iptv/iptv-routes.ts';
import { translationRoutes } from './routes/translations.ts';
import { visitorSecret } from './repositories/settings.ts';
import { SearchRecorder } from './search/search-recorder.ts';
import { createAudience } from './audience/audience.ts';
import { AudienceCounter } from './metrics/audience.ts';
import { studioPlugin, type StudioOptions } from './studio/studio.ts';
import { servePage } from './web/page-head.ts';
import { readManifest } from './web/screen-files.ts';

export interface AppOptions {
  /** Unset public URL, proxies and limits: http://localhost:8080, no proxy believed, the contract's defaults. */
  config: Pick<Config, 'timeZone' | 'logLevel'> &
    Partial<Pick<Config, 'publicUrl' | 'siteOrigins' | 'trustProxy' | 'visitorLimits'>>;
  db: Db;
  bus: Bus;
  clock?: Clock;
  /** The built web app to serve, if any. */
  webDist?: string;
  /** DATA_DIR/media, served under /media/ for the same-origin case. */
  mediaDir?: string;
  /** The operators' calls under /api/admin: their token, what to do when a job is queued, and who
   * may reach them (default: this machine, on the site's port). */
  admin?: { token: string; onQueued: () => void; reach?: AdminReach; backup?: AdminOptions['backup'] };
  /** This node's name among the cluster's audience samples (default: host and process id). */
  node?: string;
  /** The node's metrics: this port's answers are counted, and the operators read them all. */
  metrics?: SiteMetrics;
  logger?: boolean;
  /** How often recorded searches are written (ms). */
  searchFlushMs?: number;
  /** The live channels, shared with the media port's app; made here when not given. */
  live?: LiveChannels;
  /** The media port, which the web app's pages name for their live players (default 8088). */
  mediaPort?: number;
  /** Unset (tests): Fastify's and node:http's own. */
  timeouts?: RequestTimeouts;
  /** The studio's calls under /api/studio: what they need beyond the app's own. */
  studio?: Pick<StudioOptions, 'session' | 'mediaDir' | 'tools' | 'uploads' | 'onQueued'>;
  /** The studio's built app, served at /studio/ when it is there. */
  studioDist?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    searchRecorder: SearchRecorder;
  }
}

export const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
export const defaultStudioDist = fileURLToPath(new URL('../../studio/dist', import.meta.url));

/** Whether a build file may be served: never a source map (an older build may still hold some;
 * the builds keep theirs in dist-maps/, for the team). */
const servable = (path: string): boolean => !path.endsWith('.map');

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const webDist = options.webDist ?? defaultWebDist;
  const mediaPort = options.mediaPort ?? 8088;
  const live =
    options.live ??
    createLiveChannels({ db: options.db, mediaDir: options.mediaDir, timeZone: options.config.timeZone });
  const shiftsOf = (channels: readonly LiveChannel[]): string =>
    channels.map((channel) => formatShift(channel.shiftMs / 60_000)).join(',');
  // The pages tell the web app where the live streams are (the media port of the page's own host),
  // in which time zone the schedules' dates and times are (the server's), how far back the
  // channels rewind and which regional copies they have.
  const indexHtml = existsSync(`${webDist}/index.html`)
    ? readFileSync(`${webDist}/index.html`, 'utf8').replace(
        '</head>',
        () =>
          `<meta name="${streamMetaNames.mediaPort}" content="${String(mediaPort)}" />\n` +
          `<meta name="${streamMetaNames.timeZone}" content="${options.config.timeZone}" />\n` +
          `<meta name="${streamMetaNames.rewindHours}" content="${String(live.tv.rewindMs / 3_600_000)}" />\n` +
          `<meta name="${streamMetaNames.tvShifts}" content="${shiftsOf(live.copies.tv)}" />\n` +
          `<meta name="${streamMetaNames.radioShifts}" content="${shiftsOf(live.copies.radio)}" />\n</head>`,
      )
    : undefined;
  // Page addresses (canonical, Open Graph) are the configured one's, never the Host header's.
  const publicUrl = options.config.publicUrl ?? 'http://localhost:8080';
  const siteHeaders = securityHeaders(
    sitePolicy({
      scriptHashes: indexHtml === undefined ? [] : inlineScriptHashes(indexHtml),
      mediaOrigins: mediaOrigins([publicUrl, ...(options.config.siteOrigins ?? [])], mediaPort),
    }),
  );
  const studioDist = options.studioDist ?? defaultStudioDist;
  // The studio's dates ("today" in the schedule, the on-air desk) are the schedules' too.
  const studioHtml = existsSync(`${studioDist}/index.html`)
    ? readFileSync(`${studioDist}/index.html`, 'utf8').replace(
        '</head>',
        () => `<meta name="${streamMetaNames.timeZone}" content="${options.config.timeZone}" />\n</head>`,
      )
    : undefined;
  // The studio's pages run its own inline script, and show in no frame at all.
  const studioHeaders = securityHeaders(
    sitePolicy({
      scriptHashes: studioHtml === undefined ? [] : inlineScriptHashes(studioHtml),
      mediaOrigins: mediaOrigins([publicUrl, ...(options.config.siteOrigins ?? [])], mediaPort),
    }).replace(`frame-ancestors 'self'`, `frame-ancestors 'none'`),
  );
  const timeouts = options.timeouts === undefined ? undefined : requestTimeoutOptions(options.timeouts);
  const app = Fastify({
    logger: options.logger === false ? false : { level: options.config.logLevel },
    // Paths are exactly the spec's; '/x' and '/x/' are different calls.
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
    bodyLimit: 16 * 1024,
    trustProxy: trustProxyOption(options.config.trustProxy ?? false),
    frameworkErrors: answerFrameworkError(siteHeaders),
    clientErrorHandler: answerClientError(siteHeaders),
    genReqId: requestIdOf,
    // Fastify sets the server's request timeout from its own option, which would undo http's.
    ...(timeouts === undefined ? {} : { http: timeouts, requestTimeout: timeouts.requestTimeout }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every answer names its request as the log does, so a caller's report finds its log lines.
  app.addHook('onRequest', (request, reply, next) => {
    reply.header(requestIdHeader, request.id);
    next();
  });

  app.setErrorHandler(answerError);
  answerUnrouted(app);
  // Text with a NUL is refused for every call before any looks at it: the database keeps none.
  app.addHook('preValidation', (request, _reply, done) => {
    const nul = holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body);
    done(nul ? new HttpError(400, 'Текст не может содержать символ NUL (U+0000).') : undefined);
  });
  // The media files the site serves itself are no pages either: they get the media port's policy.
  const mediaHeaders = securityHeaders(mediaPolicy);
  await app.register(securityHeadersPlugin, {
    headersFor: (url) =>
      url.startsWith(mediaPrefix) ? mediaHeaders : url.startsWith('/studio') ? studioHeaders : siteHeaders,
  });
  await app.register(healthPlugin, { db: options.db });
  if (options.metrics !== undefined) await app.register(metricsPlugin, { metrics: options.metrics });
  const page =
    indexHtml === undefined
      ? undefined
      : servePage(options.db, indexHtml, new URL(publicUrl).origin, readManifest(webDist));

  await registerOpenApi(app);

  const db = options.db;
  const clock = options.clock ?? systemClock;
  const visitorLimits = options.config.visitorLimits ?? visitorLimitDefaults;
  await app.register(visitorPlugin, {
    secret: await visitorSecret(db),
    clock,
    publicUrl: options.config.publicUrl,
    establishedAfterSeconds: visitorLimits.establishedAfterSeconds,
    staffOnly: (url) => url.startsWith(studioPrefix) || url.startsWith('/studio'),
  });
  const toLatin = latinMemo();
  await app.register(scriptPlugin, { toLatin });
  await app.register(answerCachePlugin, { bus: options.bus });
  // After the answer cache, whose entries carry their own compressed bytes: this compresses the
  // rest (pages, uncached answers); the build's assets are compressed ahead (preCompressed below).
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'] });

  const chatFreshness = new ChatFreshness(db, options.bus);
  await chatFreshness.start();
  const invalidate = (path: string): Promise<void> => invalidateAnswers(options.bus, `${apiPrefix}${path}`);
  const searchRecorder = new SearchRecorder(db, () => invalidate('/get/search/recomended/'));
  searchRecorder.start(options.searchFlushMs ?? 3000, (error) => {
    app.log.error({ err: error }, 'recording searches failed');
  });
  app.addHook('onClose', () => searchRecorder.stop());
  app.decorate('searchRecorder', searchRecorder);
  const audience = createAudience({
    db,
    counter: options.metrics?.audience ?? new AudienceCounter(),
    node: options.node ?? `${hostname()}:${String(process.pid)}`,
    clock: () => clock().getTime(),
    live,
  });
  audience.start({
    failed: (error) => {
      app.log.warn(
        { err: briefError(error) },
        "the audience samples cannot be written: other nodes and the dashboard miss this node's players until they are",
      );
    },
    back: (outageMs) => {
      app.log.info({ outageMs }, 'the audience samples are written again');
    },
  });
  app.addHook('onClose', () => {
    audience.stop();
  });
  const context: RouteContext = {
    db,
    clock,
    visitorLimits,
    timeZone: options.config.timeZone,
    chatFreshness,
    invalidate,
    searchRecorder,
    live,
    cataloguePages: await cataloguePages({ db, bus: options.bus, freshMs: answerCacheMs, toLatin }),
  };
  // The channels' days are written one way, by the studio and the operators' calls alike; a change
  // is on the channel's air from its next segment and in every node's answers at once.
  const schedule = scheduleDays({
    db,
    timeZone: options.config.timeZone,
    channels: (slug) => live.find(slug)?.ref,
    changed: async (channel, actor) => {
      const airsFrom = live.find(channel.slug)?.live.scheduleChanged();
      // The request that wrote it names this line too.
      app.log.info(
        {
          channel: channel.slug,
          by: actor.name,
          reqId: actor.requestId,
          airsFrom: airsFrom === undefined ? undefined : new Date(airsFrom).toISOString(),
        },
        'schedule changed',
      );
      await invalidateAnswers(options.bus, '');
      return airsFrom;
    },
  });
  const eventHub = new EventHub({
    reader: liveStateReader(db, liveAnswers(db, context.live, context.timeZone), chatFreshness),
    clock,
    keepAliveMs: eventStreamTimings.keepAliveMs,
    onError: (error) => {
      app.log.warn(
        { err: briefError(error) },
        'reading the state for the event streams failed: they carry what was last read',
      );
    },
    onRecovered: (outageMs) => {
      app.log.info({ outageMs }, 'reading the state for the event streams works again');
    },
  });
  // A post or a moderator's act anywhere, and any change of content or schedule, is read at once.
  options.metrics?.read({
    eventStreams: () => eventHub.streams,
    ingestStates: () => ingestStateCounts(db),
    databaseUp: databaseCheck(db),
  });
  chatFreshness.onChange(() => void eventHub.read(chatParts));
  await options.bus.subscribe(contentChangedChannel, () => void eventHub.read(contentParts));
  await app.register(
    async (api) => {
      await api.register(translationRoutes);
      await api.register(catalogueRoutes, context);
      await api.register(radioRoutes, context);
      await api.register(programmeRoutes, context);
      await api.register(showcaseRoutes, context);
      await api.register(chatRoutes, context);
      await api.register(searchRoutes, context);
      await api.register(liveRoutes, context);
      await api.register(channelsOnAirRoutes, context);
      await api.register(eventRoutes, { hub: eventHub, headers: siteHeaders });
    },
    { prefix: apiPrefix },
  );

  // A channel another node added is aired here as soon as the bus says so.
  const channels = channelService({
    db,
    changed: async (slug) => {
      await live.refresh();
      await options.bus.publish(channelsChangedChannel, slug);
      await invalidateAnswers(options.bus, '');
    },
  });
  await options.bus.subscribe(channelsChangedChannel, () => {
    live.refresh().catch((error: unknown) => {
      app.log.error({ err: error }, 'reading the added channels failed');
    });
  });
  if (options.admin !== undefined) {
    await app.register(adminRoutes, {
      prefix: adminPrefix,
      db,
      ...options.admin,
      reach: options.admin.reach ?? thisMachineOnly,
      schedule,
      channels,
      ...(options.metrics === undefined ? {} : { metrics: options.metrics }),
    });
  }
  if (options.studio !== undefined) {
    await app.register(studioPlugin, {
      prefix: studioPrefix,
      ...options.studio,
      db,
      clock,
      live: context.live,
      schedule,
      channels,
      mediaPort,
      publicUrl,
      timeZone: options.config.timeZone,
      origins: [new URL(publicUrl).origin, ...(options.config.siteOrigins ?? [])],
      published: () => invalidateAnswers(options.bus, ''),
      chatFreshness,
      audience,
    });
  }
  await app.register(iptvRoutes, {
    db,
    live: context.live,
    clock,
    timeZone: context.timeZone,
    origins: [new URL(publicUrl).origin, ...(options.config.siteOrigins ?? [])],
    mediaPort,
    bus: options.bus,
  });
  if (options.mediaDir !== undefined) {
    await app.register(mediaOriginPlugin, { mediaDir: options.mediaDir, allowedOrigins: [] });
  }
  if (studioHtml !== undefined) {
    // The studio is an app of its own under /studio/: every address there is its page, but for
    // its build files (/studio/assets/, which never change: their names carry their content's hash).
    app.get('/studio', { schema: { hide: true } }, (_request, reply) => reply.redirect('/studio/'));
    app.get('/studio/*', { schema: { hide: true } }, (request, reply) => {
      if (request.url.startsWith('/studio/assets/')) {
        reply.callNotFound();
        return reply;
      }
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(studioHtml);
    });
    await app.register(fastifyStatic, {
      root: join(studioDist, 'assets'),
      prefix: '/studio/assets/',
      decorateReply: false,
      wildcard: false,
      index: false,
      preCompressed: true,
      allowedPath: servable,
      setHeaders: (reply) => {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  if (page !== undefined) {
    // Every other address is a page of the app. A build file that is gone (an old page after a
    // deploy) is a 404, not the app's HTML, and a call under another method a 405, as without a
    // build. A route, not the not-found handler: routes are compressed.
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      const isPage = !['/api/', mediaPrefix, '/assets/', '/studio/'].some((prefix) => request.url.startsWith(prefix));
      if (isPage) return page(request, reply);
      reply.callNotFound();
      return reply;
    });
  }
  if (indexHtml !== undefined) {
    // The build writes .br and .gz beside its assets (apps/web/vite.config.ts). Files under
    // /assets/ carry their content's hash in their names, so they never change: a year, immutable.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      maxAge: '1h',
      preCompressed: true,
      allowedPath: servable,
      setHeaders: (reply, path) => {
        if (path.startsWith(join(webDist, 'assets')))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  return app;
}
