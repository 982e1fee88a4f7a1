// How the studio names a channel's audience: a stream by its copy and rung, a channel's players.
import { type AudienceStream, type ChannelAudience, formatShift } from '@efir/contract';
import { formatNumber } from './format.ts';

const rungNames: Record<string, string> = { m3u: 'HLS', apple: 'Apple HLS' };

/** «720p», «HLS», «+4 · 360p». */
export function streamLabel({ shiftMinutes, rung }: Pick<AudienceStream, 'shiftMinutes' | 'rung'>): string {
  const name = rungNames[rung] ?? `${rung}p`;
  return shiftMinutes === 0 ? name : `${formatShift(shiftMinutes)} · ${name}`;
}

/** «3 зрителя: 720p — 2, 360p — 1». */
export function audienceSummary(audience: ChannelAudience, kind: 'video' | 'audio'): string {
  const who = kind === 'audio' ? 'Слушателей' : 'Зрителей';
  const streams = audience.streams.map((stream) => `${streamLabel(stream)} — ${formatNumber(stream.players)}`);
  return `${who} сейчас: ${formatNumber(audience.players)}${streams.length === 0 ? '' : ` (${streams.join(', ')})`}`;
}
