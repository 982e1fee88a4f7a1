// The IPTV documents on the site: /iptv/channels.m3u and /iptv/epg.xml (iptv-documents.ts). The
// guide is made from the programmes the channels air (LiveChannel.programmes), from the earliest
// day kept to the last one scheduled, so it says what the streams play. Both are made at most
// once per `freshMs` for an origin, and answered with an ETag.
import { createHash } from 'node:crypto';
import {
  channelPlaylistPath,
  formatShift,
  iptvChannelId,
  iptvPaths,
  isMainChannel,
  kindDescriptions,
  type LiveChannelName,
} from '@efir/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Bus } from '../bus/bus.ts';
import type { Db } from '../db/database.ts';
import { contentChangedChannel } from '../plugins/answer-cache.ts';
import { addDays, type Clock, instantOf, zoneOffsetMs } from '../lib/clock.ts';
import { mediaOrigins } from '../lib/security-headers.ts';
import type { LiveChannel } from '../live/live-channel.ts';
import { allChannels, type LiveChannels } from '../live/live-channels.ts';
import { guideMedia, scheduleDays } from '../repositories/guide.ts';
import { loadCatalogues } from '../translations/catalogue.ts';
import { channelList, type GuideProgramme, type IptvChannel, xmltvGuide } from './iptv-documents.ts';

export interface IptvOptions {
  db: Db;
  live: LiveChannels;
  clock: Clock;
  timeZone: string;
  /** The origins the site is reached at, the public one first: absolute URLs use the one asked. */
  origins: readonly string[];
  /** The media port as viewers reach it. */
  mediaPort: number;
  /** How long a made document is answered again before it is made anew. */
  freshMs?: number;
  /** Where the nodes say that what the site shows changed (a schedule, a channel): the documents
   * are made anew then, not only once `freshMs` has passed. */
  bus?: Bus;
}

interface Made {
  at: number;
  body: string;
  etag: string;
}

const logoPath = (channel: LiveChannelName): string => `/iptv/efir-${channel}.png`;
/** Main channels' group in the list, by kind. */
const groupOfKind = { video: 'tv', audio: 'radio' } as const;

export function iptvRoutes(app: FastifyInstance, options: IptvOptions, done: () => void): void {
  const { db, live, clock, timeZone } = options;
  const words = loadCatalogues()['ru-cyrl'];
  const word = (key: string): string => words[key] ?? key;
  const freshMs = options.freshMs ?? 30_000;
  // Players count catch-up in whole days: a programme older than the rewind window answers 410.
  const catchupDays = Math.max(1, Math.ceil(live.tv.rewindMs / 86_400_000));
  const made = new Map<string, Made>();
  const making = new Map<string, Promise<Made>>();
  void options.bus?.subscribe(contentChangedChannel, (prefix) => {
    // '' is "everything changed" (a schedule, a channel); a path's prefix is some catalogue's page.
    if (prefix === '') made.clear();
  });

  /** The origin a request came to, when it is one of the site's, else the public one. */
  const originOf = (request: FastifyRequest): string => {
    const asked = `${request.protocol}://${request.host}`;
    return options.origins.find((origin) => origin === asked) ?? (options.origins[0] as string);
  };

  const channelsAt = (origin: string): (IptvChannel & { live: LiveChannel })[] => {
    const media = mediaOrigins([origin], options.mediaPort)[0] as string;
    return allChannels(live).map((channel) => {
      const shift = channel.shiftMs / 60_000;
      const { slug, kind } = channel.channel;
      const about = live.find(slug);
      // The main channels keep the words and logos of the site's translations; an added one its own.
      const name = isMainChannel(slug) ? word(`iptv.${slug}_channel`) : (about?.name ?? slug);
      // A logo given in the studio; else the site's own of the channel's kind.
      const logo = about?.logo ?? logoPath(isMainChannel(slug) ? slug : groupOfKind[kind]);
      return {
        id: iptvChannelId(slug, shift),
        channel: channel.channel,
        shiftMinutes: shift,
        name: shift === 0 ? name : `${name} (${formatShift(shift)})`,
        group: word(`iptv.${groupOfKind[kind]}_group`),
        logo: `${origin}${logo}`,
        stream: `${media}${channelPlaylistPath(channel.channel, shift)}`,
        live: channel,
      };
    });
  };

  const guide = async (origin: string): Promise<string> => {
    const channels = channelsAt(origin);
    const programmes: GuideProgramme[] = [];
    for (const { ref } of live.list()) {
      const days = await scheduleDays(db, ref);
      const first = days[0];
      const last = days.at(-1);
      if (first === undefined || last === undefined) continue;
      const aired = await Promise.all(
        channels
          .filter((channel) => channel.channel.slug === ref.slug)
          .map(async (channel) => {
            const shiftMs = channel.live.shiftMs;
            const from = instantOf(timeZone, first, '00:00:00') - shiftMs;
            const until = instantOf(timeZone, addDays(last, 2), '00:00:00') - shiftMs;
            return { channel, spans: await channel.live.programmes(from, until) };
          }),
      );
      const ids = aired.flatMap(({ spans }) =>
        spans.flatMap((span) => span.plan.schedule.items[span.itemIndex]?.mediaId ?? []),
      );
      const media = await guideMedia(db, ref.kind, ids);
      for (const { channel, spans } of aired) {
        for (const span of spans) {
          const mediaId = span.plan.schedule.items[span.itemIndex]?.mediaId;
          const about = mediaId === undefined ? undefined : media.get(mediaId);
          if (mediaId === undefined || about === undefined) continue;
          programmes.push({
            channelId: channel.id,
            start: span.start,
            end: span.end,
            title: about.name,
            description: about.description,
            category: about.category,
            icon: about.preview === '' ? '' : `${origin}${about.preview}`,
            url: kindDescriptions[ref.kind].catalogue === 'video' ? `${origin}/video/item/${String(mediaId)}` : '',
            ageRating: about.ageRating,
            author: about.author,
          });
        }
      }
    }
    const shifts = new Map(channels.map((channel) => [channel.id, channel.live.shiftMs]));
    // A channel with nothing scheduled yet (one just added) is left out: XMLTV's checks refuse a
    // channel without programmes, and players show the list's entry without a guide.
    const guided = new Set(programmes.map((programme) => programme.channelId));
    const listed = channels.filter((channel) => guided.has(channel.id));
    return xmltvGuide(listed, programmes, (id, instant) => zoneOffsetMs(timeZone, instant) + (shifts.get(id) ?? 0), {
      name: word('iptv.tv_channel'),
      url: origin,
    });
  };

  /** The document for an origin: made anew once the last is `freshMs` old, one making at a time. */
  const document = async (kind: 'list' | 'guide', origin: string): Promise<Made> => {
    const key = `${kind} ${origin}`;
    const now = clock().getTime();
    const known = made.get(key);
    if (known !== undefined && now >= known.at && now - known.at < freshMs) return known;
    let pending = making.get(key);
    if (pending === undefined) {
      pending = (async () => {
        const body =
          kind === 'list'
            ? channelList(channelsAt(origin), `${origin}${iptvPaths.guide}`, catchupDays)
            : await guide(origin);
        const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
        const fresh = { at: now, body, etag };
        made.set(key, fresh);
        return fresh;
      })().finally(() => making.delete(key));
      making.set(key, pending);
    }
    return pending;
  };

  const answer = async (
    kind: 'list' | 'guide',
    request: FastifyRequest,
    reply: FastifyReply,
    type: string,
  ): Promise<FastifyReply> => {
    const { body, etag } = await document(kind, originOf(request));
    void reply
      .header('etag', etag)
      .header('cache-control', `public, max-age=${String(Math.round(freshMs / 1000))}`)
      .header('vary', 'Host');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(type).send(body);
  };

  app.get(iptvPaths.channels, { schema: { hide: true } }, (request, reply) =>
    answer('list', request, reply, 'audio/x-mpegurl; charset=utf-8'),
  );
  app.get(iptvPaths.guide, { schema: { hide: true } }, (request, reply) =>
    answer('guide', request, reply, 'application/xml; charset=utf-8'),
  );
  done();
}
