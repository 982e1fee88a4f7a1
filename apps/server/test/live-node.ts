// A node of a site for the tests that play its streams: the site and its media port on free ports
// of 127.0.0.1, over a database, a bus and live channels the test made, on the test's clock; and
// ffmpeg playing a stream of it.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../src/app.ts';
import type { Bus } from '../src/bus/bus.ts';
import type { Db } from '../src/db/database.ts';
import type { Clock } from '../src/lib/clock.ts';
import type { LiveChannels } from '../src/live/live-channels.ts';
import { buildMediaApp } from '../src/media-app.ts';
import { freePorts } from './free-port.ts';
import { testTimeZone } from './postgres.ts';

export interface LiveNode {
  app: FastifyInstance;
  media: FastifyInstance;
  /** The site's origin. */
  site: string;
  /** The media port's origin. */
  streams: string;
}

export async function listeningLiveNode(options: {
  db: Db;
  bus: Bus;
  clock: Clock;
  live: LiveChannels;
  mediaDir: string;
  admin?: AppOptions['admin'];
}): Promise<LiveNode> {
  const { db, bus, clock, live, mediaDir, admin } = options;
  const [sitePort = 0, mediaPort = 0] = await freePorts(2);
  const site = `http://127.0.0.1:${String(sitePort)}`;
  const app = await buildApp({
    config: { timeZone: testTimeZone, logLevel: 'silent', publicUrl: site },
    db,
    bus,
    clock,
    live,
    mediaDir,
    mediaPort,
    logger: false,
    webDist: '/nonexistent',
    ...(admin === undefined ? {} : { admin }),
  });
  const media = await buildMediaApp({ mediaDir, allowedOrigins: [], live, clock, logger: false });
  await app.listen({ port: sitePort, host: '127.0.0.1' });
  await media.listen({ port: mediaPort, host: '127.0.0.1' });
  return { app, media, site, streams: `http://127.0.0.1:${String(mediaPort)}` };
}

/**
 * Plays a stream with ffmpeg, every track decoded (to its end, or `seconds` of it): answers the
 * length of media played. ffmpeg failing (a playlist or segment it cannot read or decode) fails.
 */
export async function playStream(ffmpeg: string, url: string, seconds?: number): Promise<number> {
  const limit = seconds === undefined ? [] : ['-t', String(seconds)];
  const { stdout } = await promisify(execFile)(
    ffmpeg,
    ['-hide_banner', '-v', 'error', '-i', url, ...limit, '-progress', 'pipe:1', '-f', 'null', '-'],
    { timeout: 60_000 },
  );
  const played = [...stdout.matchAll(/^out_time_us=(\d+)$/gmu)].at(-1)?.[1];
  return Number(played) / 1e6;
}
