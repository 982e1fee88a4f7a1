// The media port's app: the media files under /media/ and the live channels' playlists, answered
// before the framework routes anything; it never listens (server.ts does).
import { createServer, type IncomingMessage } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { emptySubtitleSegmentPath } from '@efir/contract';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { answerClientError, answerError, answerFrameworkError, answerUnrouted } from './lib/error-answers.ts';
import { requestTimeoutOptions, type RequestTimeouts } from './lib/request-timeouts.ts';
import { mediaPolicy, securityHeaders, securityHeadersPlugin } from './lib/security-headers.ts';
import type { LiveChannels } from './live/live-channels.ts';
import { type LiveStreamAnswer, liveStreamRoutes, type LiveStreams, liveStreams } from './live/live-stream-routes.ts';
import { mediaOriginPlugin } from './media/origin.ts';
import { type SiteMetrics, statusClass } from './metrics/site-metrics.ts';
import { healthPlugin } from './plugins/health.ts';
import { requestIdOf } from './lib/request-id.ts';

/** The media port's app: the media files under /media/ and the live channels' playlists. */
export async function buildMediaApp(options: {
  mediaDir: string;
  allowedOrigins: readonly string[];
  /** The live channels whose playlists it answers; the media files alone without. */
  live?: LiveChannels;
  /** The database /health/ready checks; without it the port is ready when it answers. */
  db?: Db;
  clock?: Clock;
  logger?: boolean;
  logLevel?: Config['logLevel'];
  /** Unset (tests): Fastify's and node:http's own. */
  timeouts?: RequestTimeouts;
  /** The node's metrics: the live playlists answered are counted. */
  metrics?: SiteMetrics;
}): Promise<FastifyInstance> {
  const mediaHeaders = securityHeaders(mediaPolicy);
  const streams =
    options.live === undefined
      ? undefined
      : counted(
          liveStreams({
            live: options.live,
            clock: options.clock ?? systemClock,
            allowedOrigins: options.allowedOrigins,
            headers: mediaHeaders,
          }),
          options.metrics,
        );
  const timeouts = options.timeouts === undefined ? {} : requestTimeoutOptions(options.timeouts);
  const app = Fastify({
    logger: options.logger === false ? false : { level: options.logLevel ?? 'info' },
    frameworkErrors: answerFrameworkError(mediaHeaders),
    clientErrorHandler: answerClientError(mediaHeaders),
    genReqId: requestIdOf,
    // The live playlists are what a thousand viewers ask for every few seconds: they are answered
    // from the held bytes before the framework routes anything; every other request goes on.
    serverFactory: (handler) =>
      createServer(timeouts, (request, response) => {
        const path = request.url ?? '';
        if (streams === undefined || request.method !== 'GET' || !streams.handles(path)) {
          handler(request, response);
          return;
        }
        const send = (answer: LiveStreamAnswer): void => {
          // A player answered a playlist is watching; one told the channel is off the air is not.
          if (options.metrics !== undefined && answer.status === 200) {
            seenPlaying(options.metrics, streams, request, (options.clock ?? systemClock)().getTime());
          }
          response.writeHead(answer.status, answer.headers);
          response.end(answer.body);
        };
        const answer = streams.answer(path, request.headers.origin);
        if (!(answer instanceof Promise)) send(answer);
        else
          answer.then(send, () => {
            handler(request, response);
          });
      }),
  });
  app.setErrorHandler(answerError);
  answerUnrouted(app);
  await app.register(securityHeadersPlugin, { headersFor: () => mediaHeaders });
  await app.register(healthPlugin, { db: options.db });
  await app.register(mediaOriginPlugin, { mediaDir: options.mediaDir, allowedOrigins: options.allowedOrigins });
  if (streams !== undefined) await app.register(liveStreamRoutes, { streams });
  return app;
}

/** The live streams' answers, each counted in the node's metrics (when it has them). */
function counted(streams: LiveStreams, metrics: SiteMetrics | undefined): LiveStreams {
  if (metrics === undefined) return streams;
  const count = (answer: LiveStreamAnswer): LiveStreamAnswer => {
    metrics.livePlaylists.inc({ status: statusClass(answer.status) });
    return answer;
  };
  return {
    ...streams,
    answer: (url, origin) => {
      const answer = streams.answer(url, origin);
      // The empty subtitle segment is answered here too, and is no playlist.
      if (url.split('?')[0] === emptySubtitleSegmentPath) return answer;
      return answer instanceof Promise ? answer.then(count) : count(answer);
    },
  };
}

/** A player's fetch of a live media playlist, for the audience: the player is its address and
 * user agent; the stream its path (a `+` written as `%2B` too). */
function seenPlaying(metrics: SiteMetrics, streams: LiveStreams, request: IncomingMessage, at: number): void {
  const url = request.url ?? '';
  const cut = url.indexOf('?');
  const path = (cut === -1 ? url : url.slice(0, cut)).replaceAll('%2B', '+');
  const followed = streams.followed(path);
  if (followed === undefined) return;
  const player = `${request.socket.remoteAddress ?? ''} ${request.headers['user-agent'] ?? ''}`;
  metrics.audience.saw(followed, player, at);
}
