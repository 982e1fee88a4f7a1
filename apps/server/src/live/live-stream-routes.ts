// The live streams on the media port: /tv/stream.m3u8 (a master playlist naming one media
// playlist per rung, /tv/<height>/stream.m3u8), /radio/m3u/stream.m3u8 (the media playlist
// itself, what most players take) and /radio/apple/stream.m3u8 (a master playlist with the audio
// variant's codec and bandwidth, as Apple's HLS authoring rules ask, naming the same media
// playlist as /radio/apple/audio.m3u8). Off air they answer 404; see docs/LIVE.md.
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../lib/clock.ts';
import { liveRungs } from '../media/filler.ts';
import { audioKbps, bandwidthOf, codecsOf, frameRate } from '../media/ladder.ts';
import type { LiveChannel } from './live-channel.ts';
import type { LiveChannels } from './live-channels.ts';

export interface LiveStreamOptions {
  live: LiveChannels;
  clock: Clock;
  /** Origins whose pages may fetch the streams (CORS). */
  allowedOrigins: readonly string[];
}

export interface LiveStreamAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const playlistType = 'application/vnd.apple.mpegurl';
const offAir = Buffer.from(JSON.stringify({ detail: 'The channel is off the air.' }));

export function tvMasterPlaylist(): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const rung of liveRungs) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidthOf(rung)},AVERAGE-BANDWIDTH=${(rung.videoKbps + audioKbps) * 1000},` +
        `RESOLUTION=${rung.width}x${rung.height},CODECS="${codecsOf(rung)}",FRAME-RATE=${frameRate.toFixed(3)}`,
      `${rung.height}/stream.m3u8`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export function radioAppleMasterPlaylist(): string {
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    `#EXT-X-STREAM-INF:BANDWIDTH=${Math.round(audioKbps * 1000 * 1.1)},AVERAGE-BANDWIDTH=${audioKbps * 1000},CODECS="mp4a.40.2"`,
    'audio.m3u8',
    '',
  ].join('\n');
}

/**
 * The live streams' answers by path: a plain function of (path, origin, clock), so the media
 * port can answer these hot paths before its framework routes anything (see app.ts) and its
 * routes can answer them the same way.
 */
export function liveStreams(options: LiveStreamOptions) {
  const { live, clock } = options;
  const tvMaster = Buffer.from(tvMasterPlaylist());
  const appleMaster = Buffer.from(radioAppleMasterPlaylist());
  const media = (channel: LiveChannel, rung?: number) => ({ channel, rung, master: undefined });
  const paths = new Map<string, { channel: LiveChannel; rung: number | undefined; master: Buffer | undefined }>([
    ['/tv/stream.m3u8', { channel: live.tv, rung: undefined, master: tvMaster }],
    ...liveRungs.map((rung) => [`/tv/${rung.height}/stream.m3u8`, media(live.tv, rung.height)] as const),
    ['/radio/m3u/stream.m3u8', media(live.radio)],
    ['/radio/apple/stream.m3u8', { channel: live.radio, rung: undefined, master: appleMaster }],
    ['/radio/apple/audio.m3u8', media(live.radio)],
  ]);

  return {
    paths: [...paths.keys()],
    handles: (path: string): boolean => paths.has(path),
    async answer(path: string, origin: string | undefined): Promise<LiveStreamAnswer> {
      const target = paths.get(path);
      const headers: Record<string, string> = {};
      if (origin !== undefined && options.allowedOrigins.includes(origin)) {
        headers['access-control-allow-origin'] = origin;
        headers.vary = 'Origin';
      }
      if (target === undefined) {
        return { status: 404, headers: { ...headers, 'content-type': 'application/json' }, body: offAir };
      }
      const playlist = await target.channel.playlist(clock().getTime(), target.rung);
      if (playlist === undefined) {
        headers['content-type'] = 'application/json; charset=utf-8';
        headers['cache-control'] = 'no-cache';
        return { status: 404, headers, body: offAir };
      }
      headers['content-type'] = playlistType;
      // A master playlist never changes; a media playlist changes with each segment.
      headers['cache-control'] = `public, max-age=${target.master !== undefined || playlist.ended ? 60 : 1}`;
      return { status: 200, headers, body: target.master ?? playlist.body };
    },
  };
}

export type LiveStreams = ReturnType<typeof liveStreams>;

/** The same answers as routes, for requests that reach the framework (tests inject them). */
export function liveStreamRoutes(app: FastifyInstance, options: { streams: LiveStreams }, done: () => void): void {
  for (const path of options.streams.paths) {
    app.get(path, async (request, reply) => {
      const answer = await options.streams.answer(path, request.headers.origin);
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    });
  }
  done();
}
