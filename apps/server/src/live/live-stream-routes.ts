// The live streams on the media port: /tv/stream.m3u8 (a master playlist naming one media
// playlist per rung, /tv/<height>/stream.m3u8), /radio/m3u/stream.m3u8 (the media playlist
// itself, what most players take) and /radio/apple/stream.m3u8 (a master playlist with the audio
// variant's codec and bandwidth, as Apple's HLS authoring rules ask, naming the same media
// playlist as /radio/apple/audio.m3u8); each regional copy the same under /tv/shift/<shift>/ and
// /radio/shift/<shift>/. Every one takes the rewind form, `?start=<unix seconds>[&end=…]`, which
// the master playlists pass on to the media playlists they name. A channel an operator adds airs
// the same under its slug (/kino/stream.m3u8, /podcast/m3u/stream.m3u8). Off air they answer
// 404; see docs/LIVE.md.
import {
  airsAudio,
  audioAppleMediaPath,
  audioStreamPath,
  channelSubtitleTracks,
  emptySubtitleSegmentPath,
  radioAppleMediaPlaylist,
  rewindParameters,
  rewindQuery,
  subtitlePlaylistName,
  tvRungPlaylist,
  videoStreamPath,
  videoSubtitleStreamPath,
} from '@efir/contract';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../lib/clock.ts';
import { liveRungs } from '../media/filler.ts';
import type { FollowedStream } from '../metrics/audience.ts';
import { audioKbps, bandwidthOf, codecsOf, frameRate } from '../media/ladder.ts';
import type { LivePlaylistAnswer, Rendition } from './channel-playlists.ts';
import type { LiveChannel } from './live-channel.ts';
import { allChannels, type LiveChannels } from './live-channels.ts';

export interface LiveStreamOptions {
  live: LiveChannels;
  clock: Clock;
  /** Origins whose pages may fetch the streams (CORS). */
  allowedOrigins: readonly string[];
  /** Headers every answer carries (the media port's security headers). */
  headers?: Readonly<Record<string, string>>;
}

export interface LiveStreamAnswer {
  status: number;
  /** Every header of the answer, its length included. */
  headers: Readonly<Record<string, string | number>>;
  body: Buffer;
}

const playlistType = 'application/vnd.apple.mpegurl';
const problemType = 'application/json; charset=utf-8';
const problem = (detail: string): Buffer => Buffer.from(JSON.stringify({ detail }));
const offAir = problem('The channel is off the air.');
const subtitleType = 'text/vtt; charset=utf-8';
const immutable = 'public, max-age=31536000, immutable';
/** What a subtitle rendition airs where nothing on the air has cues in its language. */
const emptySubtitleSegment = Buffer.from('WEBVTT\n');

/** The subtitle renditions' group in a video channel's master playlist. */
const subtitleGroup = 'subs';

/** A video channel's master playlist: a variant per rung, each with the subtitle renditions (not
 * shown unless the viewer asks: DEFAULT=NO; AUTOSELECT=YES lets a player pick one by the viewer's
 * settings). `query` (a rewind form's) goes on to every media playlist it names. */
export function tvMasterPlaylist(query = ''): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const track of channelSubtitleTracks) {
    lines.push(
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="${subtitleGroup}",LANGUAGE="${track.language}",NAME="${track.label}",` +
        `DEFAULT=NO,AUTOSELECT=YES,URI="${subtitlePlaylistName(track.language)}${query}"`,
    );
  }
  for (const rung of liveRungs) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidthOf(rung)},AVERAGE-BANDWIDTH=${(rung.videoKbps + audioKbps) * 1000},` +
        `RESOLUTION=${rung.width}x${rung.height},CODECS="${codecsOf(rung)}",FRAME-RATE=${frameRate.toFixed(3)},` +
        `SUBTITLES="${subtitleGroup}"`,
      `${tvRungPlaylist(rung.height)}${query}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export function radioAppleMasterPlaylist(query = ''): string {
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    `#EXT-X-STREAM-INF:BANDWIDTH=${Math.round(audioKbps * 1000 * 1.1)},AVERAGE-BANDWIDTH=${audioKbps * 1000},CODECS="mp4a.40.2"`,
    `${radioAppleMediaPlaylist}${query}`,
    '',
  ].join('\n');
}

/** A rewind form's instants (ms), or what is wrong with the query; undefined: no rewind asked. */
export function parseRewind(
  query: string,
): { from: number; until: number | undefined } | { detail: string } | undefined {
  if (query === '') return undefined;
  const parameters = new URLSearchParams(query);
  const start = parameters.get(rewindParameters.start);
  const end = parameters.get(rewindParameters.end);
  if (start === null) return end === null ? undefined : { detail: 'An end needs a start.' };
  const seconds = (text: string): number | undefined => (/^\d{1,11}$/u.test(text) ? Number(text) * 1000 : undefined);
  const from = seconds(start);
  const until = end === null ? undefined : seconds(end);
  if (from === undefined || (end !== null && until === undefined)) {
    return { detail: 'The start and end are Unix times in whole seconds, such as start=1795000000.' };
  }
  return { from, until };
}

interface StreamTarget {
  channel: LiveChannel;
  rung: Rendition | undefined;
  /** A master playlist's text for a query (empty for the live one): what it names carries it on. */
  master: ((query: string) => string) | undefined;
  /** A media playlist's stream as the audience counts it; none for masters and subtitles. */
  followed?: FollowedStream;
}

/**
 * The live streams' answers by path: a plain function of (path and query, origin, clock), so the
 * media port can answer these hot paths before its framework routes anything (see app.ts) and its
 * routes can answer them the same way.
 */
export function liveStreams(options: LiveStreamOptions) {
  const { live, clock } = options;
  // Made again when a channel is added (LiveChannels.version).
  let paths = new Map<string, StreamTarget>();
  let liveMasters = new Map<StreamTarget, Buffer>();
  let madeFor = -1;
  const build = (): void => {
    paths = new Map();
    for (const channel of allChannels(live)) {
      const shift = channel.shiftMs / 60_000;
      const { slug } = channel.channel;
      if (!airsAudio(channel.channel)) {
        paths.set(videoStreamPath(slug, shift), { channel, rung: undefined, master: tvMasterPlaylist });
        for (const rung of liveRungs) {
          const path = videoStreamPath(slug, shift, rung.height);
          const followed = { path, channel: slug, shiftMinutes: shift, rung: String(rung.height) };
          paths.set(path, { channel, rung: rung.height, master: undefined, followed });
        }
        for (const { language } of channelSubtitleTracks)
          paths.set(videoSubtitleStreamPath(slug, shift, language), {
            channel,
            rung: `subs/${language}`,
            master: undefined,
          });
      } else {
        const m3u = audioStreamPath(slug, 'm3u', shift);
        paths.set(m3u, {
          channel,
          rung: undefined,
          master: undefined,
          followed: { path: m3u, channel: slug, shiftMinutes: shift, rung: 'm3u' },
        });
        paths.set(audioStreamPath(slug, 'apple', shift), {
          channel,
          rung: undefined,
          master: radioAppleMasterPlaylist,
        });
        const apple = audioAppleMediaPath(slug, shift);
        paths.set(apple, {
          channel,
          rung: undefined,
          master: undefined,
          followed: { path: apple, channel: slug, shiftMinutes: shift, rung: 'apple' },
        });
      }
    }
    // The live masters never change: made once.
    liveMasters = new Map();
    for (const target of paths.values()) {
      if (target.master !== undefined) liveMasters.set(target, Buffer.from(target.master('')));
    }
    madeFor = live.version;
  };
  /** The target of a path, `+` written as `%2B` too. */
  const targetOf = (path: string): StreamTarget | undefined => {
    if (madeFor !== live.version) build();
    return paths.get(path) ?? (path.includes('%2B') ? paths.get(path.replaceAll('%2B', '+')) : undefined);
  };

  /** An answer with every header: the base ones, CORS for an allowed origin, its own, its length. */
  const complete = (
    status: number,
    own: Record<string, string>,
    body: Buffer,
    origin: string | undefined,
  ): LiveStreamAnswer => {
    const headers: Record<string, string | number> = { ...options.headers };
    if (origin !== undefined) {
      headers['access-control-allow-origin'] = origin;
      headers.vary = 'Origin';
    }
    return { status, headers: { ...headers, ...own, 'content-length': body.length }, body };
  };
  const refuse = (status: number, body: Buffer, origin: string | undefined): LiveStreamAnswer =>
    complete(status, { 'content-type': problemType, 'cache-control': 'no-cache' }, body, origin);
  // The answers to the live playlists are made once per playlist (and origin) and then only looked
  // up: a thousand viewers of one instant cost one answer.
  const made = new WeakMap<object, Map<string, LiveStreamAnswer>>();
  const once = (key: object, origin: string | undefined, make: () => LiveStreamAnswer): LiveStreamAnswer => {
    let byOrigin = made.get(key);
    if (byOrigin === undefined) {
      byOrigin = new Map();
      made.set(key, byOrigin);
    }
    let answer = byOrigin.get(origin ?? '');
    if (answer === undefined) {
      answer = make();
      byOrigin.set(origin ?? '', answer);
    }
    return answer;
  };
  const offAirKey = {};
  const emptySubtitleKey = {};
  const livePlaylist = (
    target: StreamTarget,
    playlist: LivePlaylistAnswer | undefined,
    origin: string | undefined,
  ): LiveStreamAnswer => {
    if (playlist === undefined) return once(offAirKey, origin, () => refuse(404, offAir, origin));
    const master = liveMasters.get(target);
    return once(master ?? playlist, origin, () =>
      complete(
        200,
        // A master playlist never changes; a media playlist changes with each segment.
        {
          'content-type': playlistType,
          'cache-control': `public, max-age=${master !== undefined || playlist.ended ? 60 : 1}`,
        },
        master ?? playlist.body,
        origin,
      ),
    );
  };

  const rewound = async (
    target: StreamTarget,
    query: string,
    t: number,
    origin: string | undefined,
  ): Promise<LiveStreamAnswer> => {
    const rewind = parseRewind(query);
    if (rewind === undefined)
      return livePlaylist(target, await target.channel.playlists.playlist(t, target.rung), origin);
    if ('detail' in rewind) return refuse(400, problem(rewind.detail), origin);
    if (target.master !== undefined) {
      const refused = target.channel.playlists.rewindProblem(t, rewind.from, rewind.until);
      if (refused !== undefined) return refuse(refused.status, problem(refused.detail), origin);
      const passed = rewindQuery(rewind.from / 1000, rewind.until === undefined ? undefined : rewind.until / 1000);
      const body = Buffer.from(target.master(passed));
      return complete(200, { 'content-type': playlistType, 'cache-control': 'public, max-age=60' }, body, origin);
    }
    const answer = await target.channel.playlists.rewind(t, rewind.from, rewind.until, target.rung);
    if ('status' in answer) return refuse(answer.status, problem(answer.detail), origin);
    // A range that aired whole never changes; an open one grows with each segment.
    const cache = `public, max-age=${answer.ended ? 3600 : 1}`;
    return complete(200, { 'content-type': playlistType, 'cache-control': cache }, answer.body, origin);
  };

  return {
    /** The stream of a path (no query) if it is a media playlist, a rung's or an audio channel's:
     * what a player keeps fetching while it plays (a master is fetched once; subtitles are no
     * viewer). */
    followed: (path: string): FollowedStream | undefined => targetOf(path)?.followed,
    /** Whether a request's URL (with its query) is a live stream's. */
    handles: (url: string): boolean => {
      const cut = url.indexOf('?');
      const path = cut === -1 ? url : url.slice(0, cut);
      return path === emptySubtitleSegmentPath || targetOf(path) !== undefined;
    },
    /** The answer to a request's URL: at once when the channel holds it (the common case), else
     * when it is worked out. */
    answer(url: string, requestOrigin: string | undefined): LiveStreamAnswer | Promise<LiveStreamAnswer> {
      const cut = url.indexOf('?');
      const path = cut === -1 ? url : url.slice(0, cut);
      const origin =
        requestOrigin !== undefined && options.allowedOrigins.includes(requestOrigin) ? requestOrigin : undefined;
      if (path === emptySubtitleSegmentPath) {
        return once(emptySubtitleKey, origin, () =>
          complete(200, { 'content-type': subtitleType, 'cache-control': immutable }, emptySubtitleSegment, origin),
        );
      }
      const target = targetOf(path);
      if (target === undefined) return once(offAirKey, origin, () => refuse(404, offAir, origin));
      const t = clock().getTime();
      if (cut === -1) {
        const held = target.channel.playlists.heldPlaylist(t, target.rung);
        if (held !== undefined) return livePlaylist(target, held.answer, origin);
      }
      return rewound(target, cut === -1 ? '' : url.slice(cut + 1), t, origin);
    },
  };
}

export type LiveStreams = ReturnType<typeof liveStreams>;

/** The same answers as routes, for requests that reach the framework (tests inject them); any
 * other path is not found. */
export function liveStreamRoutes(app: FastifyInstance, options: { streams: LiveStreams }, done: () => void): void {
  app.get('/*', async (request, reply) => {
    if (!options.streams.handles(request.url)) {
      reply.callNotFound();
      return reply;
    }
    const answer = await options.streams.answer(request.url, request.headers.origin);
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });
  done();
}
