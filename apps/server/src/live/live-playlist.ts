// A live media playlist for instant t: a sliding window over the aired log (RFC 8216 §6.2.2).
// The log is numbered once and never changes, so every node, and every restart, writes the same
// bytes for the same instant.
import { type AiredEntry, endOf } from './aired.ts';

/** At least six segments and three target durations stay in the window. */
export const windowSegments = 6;
export const targetDuration = 4;
/** After the channel stops airing, its last window is answered closed with EXT-X-ENDLIST this long. */
export const endedGraceMs = 5 * 60_000;
/** A window reaches back across a pause in the log only when it is this short (a day ending at
 * the next one's start); a longer pause was off the air. */
export const contiguousMs = 60_000;

export interface LiveWindow {
  entries: AiredEntry[];
  /** The channel stopped airing after the window's last segment: close it with EXT-X-ENDLIST. */
  ended: boolean;
  /** When the answer may change: the next segment's start, the end of the last, or the grace's. */
  until: number;
}

/**
 * The window of the log at instant t: the last segment started by t and those before it, at least
 * `windowSegments` of them and three target durations, within one stretch on air. Undefined when
 * nothing airs at t and the last window's grace is over.
 */
export function liveWindow(log: readonly AiredEntry[], t: number): LiveWindow | undefined {
  let low = 0;
  let high = log.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((log[middle] as AiredEntry).start <= t) low = middle + 1;
    else high = middle;
  }
  const lastIndex = low - 1;
  const last = log[lastIndex];
  if (last === undefined) return undefined;
  const lastEnd = endOf(last);
  const ended = t >= lastEnd;
  if (ended && t >= lastEnd + endedGraceMs) return undefined;
  let first = lastIndex;
  let seconds = last.duration;
  while (first > 0 && (lastIndex - first + 1 < windowSegments || seconds < 3 * targetDuration)) {
    const before = log[first - 1] as AiredEntry;
    if ((log[first] as AiredEntry).start - endOf(before) > contiguousMs) break;
    first -= 1;
    seconds += before.duration;
  }
  const next = log[lastIndex + 1];
  const until = Math.min(next?.start ?? Number.POSITIVE_INFINITY, ended ? lastEnd + endedGraceMs : lastEnd);
  return { entries: log.slice(first, lastIndex + 1), ended, until };
}

/** The playlist text of a window, `uriOf` turning an entry's media URI into the playlist's. */
export function livePlaylist(window: LiveWindow, uriOf: (uri: string) => string = (uri) => uri): string {
  const first = window.entries[0];
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    `#EXT-X-TARGETDURATION:${targetDuration}`,
    `#EXT-X-MEDIA-SEQUENCE:${first?.sequence ?? 0}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${first?.discontinuitySequence ?? 0}`,
  ];
  window.entries.forEach((entry, i) => {
    if (i > 0 && entry.discontinuity) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(entry.start).toISOString()}`);
    lines.push(`#EXTINF:${entry.duration.toFixed(3)},`);
    lines.push(uriOf(entry.uri));
  });
  if (window.ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}
