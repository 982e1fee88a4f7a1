// The documents IPTV players (Kodi's IPTV Simple client, TiviMate, Jellyfin, Plex) ask a channel
// source for: the channels as an M3U list with catch-up, and their guide in XMLTV. Pure functions
// of what the routes gather (iptv-routes.ts); docs/LIVE.md says how to add Efir to a player.
import { airsAudio, catchupPlaceholders, type ChannelRef, rewindQuery, toLatin } from '@efir/contract';

export interface IptvChannel {
  /** `tvg-id` in the list, the channel's id in the guide (iptvChannelId). */
  id: string;
  channel: ChannelRef;
  /** A regional copy's shift from the schedules' zone (minutes); 0 for the channel itself. */
  shiftMinutes: number;
  /** In the Cyrillic script; the guide adds the Latin one. */
  name: string;
  group: string;
  /** Absolute URLs. */
  logo: string;
  stream: string;
}

export interface GuideProgramme {
  channelId: string;
  /** Milliseconds since the epoch. */
  start: number;
  end: number;
  title: string;
  description: string;
  category: string;
  /** Absolute URLs, or empty. */
  icon: string;
  url: string;
  /** 99: none. */
  ageRating: number;
  author: string;
}

/** Text for XML: the characters XML 1.0 cannot hold dropped, the markup's own escaped. */
export function xmlText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- exactly the characters XML 1.0 forbids
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/gu, '')
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;')
  );
}

/** An attribute value of an M3U `#EXTINF` line: players split at quotes and read to the line's end. */
const m3uValue = (text: string): string => text.replace(/["\r\n]/gu, ' ');

/**
 * The M3U list: each channel with its id, name, logo and group, and catch-up (`catchup="default"`)
 * to the rewind form of its stream, which the player fills with a programme's start and end.
 */
export function channelList(channels: readonly IptvChannel[], guideUrl: string, catchupDays: number): string {
  const lines = [`#EXTM3U x-tvg-url="${m3uValue(guideUrl)}" url-tvg="${m3uValue(guideUrl)}"`];
  for (const channel of channels) {
    const catchup = `${channel.stream}${rewindQuery(catchupPlaceholders.start, catchupPlaceholders.end)}`;
    const attributes = [
      `tvg-id="${channel.id}"`,
      `tvg-name="${m3uValue(channel.name)}"`,
      `tvg-logo="${m3uValue(channel.logo)}"`,
      `group-title="${m3uValue(channel.group)}"`,
      ...(airsAudio(channel.channel) ? ['radio="true"'] : []),
      'catchup="default"',
      `catchup-source="${m3uValue(catchup)}"`,
      `catchup-days="${String(catchupDays)}"`,
    ];
    lines.push(`#EXTINF:-1 ${attributes.join(' ')},${channel.name.replace(/[\r\n]/gu, ' ')}`, channel.stream);
  }
  return `${lines.join('\n')}\n`;
}

/** XMLTV's time: the wall clock at `offsetMs` from UTC and that offset, `20261125200000 +0300`. */
export function xmltvTime(instant: number, offsetMs: number): string {
  const digits = new Date(instant + offsetMs).toISOString().replace(/\D/gu, '').slice(0, 14);
  const minutes = Math.round(Math.abs(offsetMs) / 60_000);
  const zone = `${offsetMs < 0 ? '-' : '+'}${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}`;
  return `${digits} ${zone}`;
}

/** An element in both of the interface's scripts: Russian, and Russian in the Latin script. */
function bothScripts(tag: string, text: string, indent: string): string[] {
  if (text.trim() === '') return [];
  return [
    `${indent}<${tag} lang="ru">${xmlText(text)}</${tag}>`,
    `${indent}<${tag} lang="ru-Latn">${xmlText(toLatin(text))}</${tag}>`,
  ];
}

/**
 * The XMLTV guide: the channels, then every programme, each with its times in its channel's own
 * offset (`offsetOf`: the schedules' zone's, moved by a copy's shift), title, description,
 * category, picture, page and age rating, in both scripts.
 */
export function xmltvGuide(
  channels: readonly IptvChannel[],
  programmes: readonly GuideProgramme[],
  offsetOf: (channelId: string, instant: number) => number,
  source: { name: string; url: string },
): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE tv SYSTEM "xmltv.dtd">',
    `<tv source-info-name="${xmlText(source.name)}" source-info-url="${xmlText(source.url)}" generator-info-name="Efir">`,
  ];
  for (const channel of channels) {
    lines.push(
      `  <channel id="${channel.id}">`,
      ...bothScripts('display-name', channel.name, '    '),
      `    <icon src="${xmlText(channel.logo)}" />`,
      '  </channel>',
    );
  }
  for (const programme of programmes) {
    const at = (instant: number): string => xmltvTime(instant, offsetOf(programme.channelId, instant));
    lines.push(
      `  <programme start="${at(programme.start)}" stop="${at(programme.end)}" channel="${programme.channelId}">`,
      ...bothScripts('title', programme.title, '    '),
      ...bothScripts('desc', programme.description, '    '),
      ...(programme.author.trim() === ''
        ? []
        : ['    <credits>', `      <presenter>${xmlText(programme.author)}</presenter>`, '    </credits>']),
      ...bothScripts('category', programme.category, '    '),
      `    <length units="seconds">${String(Math.round((programme.end - programme.start) / 1000))}</length>`,
      ...(programme.icon === '' ? [] : [`    <icon src="${xmlText(programme.icon)}" />`]),
      ...(programme.url === '' ? [] : [`    <url>${xmlText(programme.url)}</url>`]),
      ...(programme.ageRating === 99
        ? []
        : [`    <rating system="RARS">`, `      <value>${String(programme.ageRating)}+</value>`, '    </rating>']),
      '  </programme>',
    );
  }
  lines.push('</tv>');
  return `${lines.join('\n')}\n`;
}
