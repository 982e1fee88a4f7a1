// A live media playlist for instant t: a sliding window over the aired log (RFC 8216 §6.2.2).
// The log is numbered once and never changes, so every node, and every restart, writes the same
// bytes for the same instant.
import { type AiredEntry, firstStartingAt } from './aired.ts';
import { endOf } from './timeline.ts';

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

/** The rewind form of a playlist: the channel as it aired from `from`, up to `until` if given. */
export interface RewindWindow extends LiveWindow {
  /** Seconds from the first segment's start to the instant asked for: where a player starts. */
  startOffset: number;
  /** The range has aired whole: the playlist never changes again (a VOD playlist). */
  closed: boolean;
}

/**
 * The log from the segment airing at `from` (or the first after it, off the air) to the last one
 * started by t and before `until`: a playlist that keeps its first segment and grows like the
 * live one, then closes once `until` has passed. Players start at `from`, or at the segment's
 * start when it begins an item. Undefined when nothing aired in that range.
 */
export function rewindWindow(
  log: readonly AiredEntry[],
  from: number,
  until: number | undefined,
  t: number,
): RewindWindow | undefined {
  const after = firstStartingAt(log, from);
  const containing = log[after - 1];
  const first = containing !== undefined && endOf(containing) > from ? after - 1 : after;
  const stop = Math.min(t + 1, until ?? Number.POSITIVE_INFINITY);
  const last = firstStartingAt(log, stop) - 1;
  const head = log[first];
  if (head === undefined || last < first) return undefined;
  const closed = until !== undefined && until <= t;
  const next = log[last + 1];
  // Asked for within an item's first segment (the item's start by its schedule, which the channel
  // may air a moment ahead), a player starts at the item's first frame.
  const before = log[first - 1];
  const beginsItem =
    head.itemId !== null && (before === undefined || before.itemId !== head.itemId || before.day !== head.day);
  return {
    entries: log.slice(first, last + 1),
    ended: closed,
    closed,
    until: closed ? Number.POSITIVE_INFINITY : (next?.start ?? Number.POSITIVE_INFINITY),
    startOffset: beginsItem ? 0 : Math.max(0, from - head.start) / 1000,
  };
}

/** The playlist text of a window, `uriOf` turning an entry's media URI into the playlist's. */
export function livePlaylist(window: LiveWindow | RewindWindow, uriOf: (uri: string) => string = (uri) => uri): string {
  const first = window.entries[0];
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6', `#EXT-X-TARGETDURATION:${targetDuration}`];
  if ('startOffset' in window) {
    // A player starts where it was asked (not at the live edge), to the frame.
    if (window.closed) lines.push('#EXT-X-PLAYLIST-TYPE:VOD');
    lines.push(`#EXT-X-START:TIME-OFFSET=${window.startOffset.toFixed(3)},PRECISE=YES`);
  }
  lines.push(
    `#EXT-X-MEDIA-SEQUENCE:${first?.sequence ?? 0}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${first?.discontinuitySequence ?? 0}`,
  );
  window.entries.forEach((entry, i) => {
    if (i > 0 && entry.discontinuity) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(entry.start).toISOString()}`);
    lines.push(`#EXTINF:${entry.duration.toFixed(3)},`);
    lines.push(uriOf(entry.uri));
  });
  if (window.ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}
