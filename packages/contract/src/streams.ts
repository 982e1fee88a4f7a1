// The live streams' addresses on the media port and the IPTV documents on the site: where each
// stream lives, the rewind form of its playlists, and the regional time-shifted copies' names.
// Free of zod, so that the web app's bundle, the server, the tests and the benchmarks all build
// these addresses from here. docs/LIVE.md tells the same to people.

import { defaultTimeZone } from './calendar.ts';
import { airsAudio, type ChannelKind, type ChannelRef } from './channels.ts';
import { toLatin } from './transliteration.ts';

/** The radio's two forms: the media playlist most players take, and Apple's master playlist. */
export type RadioStreamKind = 'm3u' | 'apple';

/**
 * How far back the live channels can be rewound by default; REWIND_HOURS changes it. The nodes
 * keep the aired log this far back in memory, and a fresh log is laid out this far back.
 */
export const rewindDefaults = { hours: 3, maxHours: 24 } as const;

/** The rewind form's query: `start` and `end`, Unix times in whole seconds. */
export const rewindParameters = { start: 'start', end: 'end' } as const;

/**
 * A regional copy's shift from the schedules' zone, in minutes: a copy `+240` (`+4`) airs every
 * item at the same wall-clock time in a zone four hours ahead, that is four hours sooner. Whole
 * hours, or hours and 30 or 45 minutes, as the world's zones have them; never 0 (the channel).
 */
export const shiftLimits = { minMinutes: -12 * 60, maxMinutes: 14 * 60 } as const;

/** `+4`, `-1`, `+5:30`: how a shift is written in a stream's path, the settings and the pages. */
export function formatShift(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const whole = Math.abs(minutes);
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  return rest === 0 ? `${sign}${String(hours)}` : `${sign}${String(hours)}:${String(rest).padStart(2, '0')}`;
}

/** The minutes of a written shift, or undefined when it is not one (`4` without a sign, `+0`, `+4:10`). */
export function parseShift(text: string): number | undefined {
  const match = /^([+-])(\d{1,2})(?::(00|30|45))?$/u.exec(text);
  if (match === null) return undefined;
  const minutes = (Number(match[2]) * 60 + Number(match[3] ?? 0)) * (match[1] === '-' ? -1 : 1);
  if (minutes === 0 || minutes < shiftLimits.minMinutes || minutes > shiftLimits.maxMinutes) return undefined;
  return formatShift(minutes) === text || `${formatShift(minutes)}:00` === text ? minutes : undefined;
}

/** How far behind a live playlist's newest segment the site's players hold the picture, in target
 * durations (hls.js's `liveSyncDurationCount`, whose default is three): the viewers' clock, which
 * the studio's on-air desk and its timeline's «now» follow. */
export const playerBehindLive = { targetDurations: 2 } as const;

/**
 * The instant a player joining a live media playlist shows: the end of its newest segment (its
 * last PROGRAM-DATE-TIME and the durations after it) less `playerBehindLive` target durations.
 * Undefined for a playlist without a date or target duration.
 */
export function livePictureAt(playlist: string): number | undefined {
  const target = /^#EXT-X-TARGETDURATION:(\d+)/mu.exec(playlist);
  let dated: number | undefined;
  let after = 0;
  for (const line of playlist.split('\n')) {
    if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) {
      const at = Date.parse(line.slice('#EXT-X-PROGRAM-DATE-TIME:'.length).trim());
      if (!Number.isNaN(at)) {
        dated = at;
        after = 0;
      }
    } else if (line.startsWith('#EXTINF:') && dated !== undefined) {
      after += Number.parseFloat(line.slice('#EXTINF:'.length)) * 1000;
    }
  }
  if (target === null || dated === undefined) return undefined;
  return dated + after - playerBehindLive.targetDurations * Number(target[1]) * 1000;
}

/** Where a channel's streams live, by its slug: `/tv`, or a copy's `/tv/shift/+4`. */
export function channelStreamBase(slug: string, shiftMinutes = 0): string {
  return shiftMinutes === 0 ? `/${slug}` : `/${slug}/shift/${formatShift(shiftMinutes)}`;
}

/** A video channel's master playlist (naming a media playlist per rung), or one rung's. */
export function videoStreamPath(slug: string, shiftMinutes = 0, rung?: number): string {
  const base = channelStreamBase(slug, shiftMinutes);
  return rung === undefined ? `${base}/stream.m3u8` : `${base}/${String(rung)}/stream.m3u8`;
}

/** The TV's master playlist, or one rung's media playlist. */
export const tvStreamPath = (shiftMinutes = 0, rung?: number): string => videoStreamPath('tv', shiftMinutes, rung);

/** The TV master playlist's name for a rung's media playlist, relative to the master. */
export const tvRungPlaylist = (rung: number): string => `${String(rung)}/stream.m3u8`;

/** The subtitle renditions every video channel carries, in the order its master playlist lists them:
 * the Russian cues of the items on the air, and the same cues in the Latin script, which the
 * ru-latn pages pick. An item without them, and the slate, air empty segments. */
export const channelSubtitleTracks = [
  { language: 'ru', label: 'Русский' },
  { language: 'ru-Latn', label: toLatin('Русский') },
] as const;
export type ChannelSubtitleLanguage = (typeof channelSubtitleTracks)[number]['language'];

/** A subtitle rendition's media playlist, relative to the video channel's master playlist. */
export const subtitlePlaylistName = (language: ChannelSubtitleLanguage): string => `subs/${language}/stream.m3u8`;

/** A video channel's subtitle rendition in one language. */
export const videoSubtitleStreamPath = (
  slug: string,
  shiftMinutes: number,
  language: ChannelSubtitleLanguage,
): string => `${channelStreamBase(slug, shiftMinutes)}/${subtitlePlaylistName(language)}`;

/** The one empty WebVTT segment the subtitle renditions list where nothing airs with cues. */
export const emptySubtitleSegmentPath = '/subs/empty.vtt';

/** An audio channel's stream: the media playlist (`m3u`), or Apple's master playlist (`apple`). */
export function audioStreamPath(slug: string, kind: RadioStreamKind, shiftMinutes = 0): string {
  return `${channelStreamBase(slug, shiftMinutes)}/${kind}/stream.m3u8`;
}

/** The radio's stream: the media playlist (`m3u`), or Apple's master playlist (`apple`). */
export const radioStreamPath = (kind: RadioStreamKind, shiftMinutes = 0): string =>
  audioStreamPath('radio', kind, shiftMinutes);

/** The media playlist Apple's master playlist names, relative to it. */
export const radioAppleMediaPlaylist = 'audio.m3u8';

export function audioAppleMediaPath(slug: string, shiftMinutes = 0): string {
  return `${channelStreamBase(slug, shiftMinutes)}/apple/${radioAppleMediaPlaylist}`;
}

export const radioAppleMediaPath = (shiftMinutes = 0): string => audioAppleMediaPath('radio', shiftMinutes);

/** A stream's rewind form: the channel as it aired from `start` (and up to `end`), Unix seconds,
 * or the placeholders a player fills in (catchupPlaceholders). */
export function rewindQuery(start: number | string, end?: number | string): string {
  const query = `?${rewindParameters.start}=${String(start)}`;
  return end === undefined ? query : `${query}&${rewindParameters.end}=${String(end)}`;
}

/** The page's meta tags that tell the web app where the streams are and what they offer. */
export const streamMetaNames = {
  mediaPort: 'efir-media-port',
  timeZone: 'efir-time-zone',
  /** How far back the channels can be rewound, in hours. */
  rewindHours: 'efir-rewind-hours',
  /** Each channel's regional copies, as written in their paths (`-1,+4`), or empty. */
  tvShifts: 'efir-tv-shifts',
  radioShifts: 'efir-radio-shifts',
} as const;

/** What the apps read a page's meta tags through: the DOM's `document`. */
export interface MetaTags {
  querySelector(selectors: string): { getAttribute(name: string): string | null } | null;
}

/**
 * The schedules' time zone as the page names it (the server writes the meta tag into the site's
 * and the studio's pages): every date and time the apps show is read in it. Without the tag (a
 * page the server did not serve, a unit test) Efir's default holds.
 */
export function pageTimeZone(page: MetaTags | undefined): string {
  const content = page?.querySelector(`meta[name="${streamMetaNames.timeZone}"]`)?.getAttribute('content');
  return content === undefined || content === null || content === '' ? defaultTimeZone : content;
}

/** The IPTV documents on the site: every channel as an M3U list, and their guide in XMLTV. */
export const iptvPaths = { channels: '/iptv/channels.m3u', guide: '/iptv/epg.xml' } as const;

/**
 * The catch-up placeholders IPTV players fill in a channel's `catchup-source` (Kodi's IPTV Simple
 * client, TiviMate, Televizo, OTT Navigator): the programme's start and end, Unix seconds.
 */
export const catchupPlaceholders = { start: '{utc}', end: '{utcend}' } as const;

/**
 * A channel's id in the M3U list (`tvg-id`) and the XMLTV guide: `efir.tv`, `efir.radio`, a copy's
 * `efir.tv-plus-4` or `efir.radio-minus-5-30` (letters, digits and dashes between dots, as XMLTV's
 * checks want).
 */
export function iptvChannelId(channel: string, shiftMinutes = 0): string {
  if (shiftMinutes === 0) return `efir.${channel}`;
  const [hours = '', minutes] = formatShift(shiftMinutes).slice(1).split(':');
  return `efir.${channel}-${shiftMinutes < 0 ? 'minus' : 'plus'}-${hours}${minutes === undefined ? '' : `-${minutes}`}`;
}

/** Where a channel's live stream is for a player that takes one address: a video channel's
 * master playlist, an audio channel's media playlist. */
export const channelPlaylistPath = (channel: ChannelRef, shiftMinutes = 0): string =>
  airsAudio(channel) ? audioStreamPath(channel.slug, 'm3u', shiftMinutes) : videoStreamPath(channel.slug, shiftMinutes);

/** Where the media files are served (DATA_DIR/media), on the media port and the site's origin. */
export const mediaPrefix = '/media/';

/** The address of a file or folder under DATA_DIR/media (`v/<id>/master.m3u8`). */
export const mediaUrl = (path: string): string => `${mediaPrefix}${path}`;

/** Where the filler (the slate a channel airs where no item's media are) lies under DATA_DIR/media,
 * by kind of channel: every channel of a kind airs the same. */
export const fillerFolders: Record<ChannelKind, string> = { video: 'filler/tv', audio: 'filler/radio' };

/** Whether a live playlist's segment (its address, as listed or resolved) is the filler's: the
 * slate airs there, not an item. */
export function isFillerSegment(address: string): boolean {
  const path = new URL(address, 'http://segment.invalid').pathname;
  return Object.values(fillerFolders).some((folder) => path.startsWith(mediaUrl(`${folder}/`)));
}

/** The path under DATA_DIR/media of a media address, or undefined for an address elsewhere. */
export const mediaPathOf = (url: string): string | undefined =>
  url.startsWith(mediaPrefix) ? url.slice(mediaPrefix.length) : undefined;
