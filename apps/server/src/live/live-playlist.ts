// A live media playlist for instant t: a sliding window over numbered timeline entries (RFC 8216
// §6.2.2). Numbers are counted from the channel's epoch by the caller, so that every node, and
// every restart, writes the same bytes for the same instant.
import type { TimelineEntry } from './timeline.ts';

export interface NumberedEntry extends TimelineEntry {
  /** The segment's media sequence number. */
  sequence: number;
  /** How many changes of source happened up to and including this segment since the epoch. */
  discontinuitySequence: number;
}

/** At least six segments and three target durations stay in the window. */
export const windowSegments = 6;
export const targetDuration = 4;

/** The entries of the window at instant t: those started by t, the last `windowSegments` or more. */
export function liveWindow(entries: readonly NumberedEntry[], t: number): NumberedEntry[] {
  // The last entry started by t, by binary search: a day holds tens of thousands.
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((entries[middle] as NumberedEntry).start <= t) low = middle + 1;
    else high = middle;
  }
  const last = low - 1;
  if (last < 0) return [];
  let first = last;
  let seconds = (entries[last] as NumberedEntry).duration;
  while (first > 0 && (last - first + 1 < windowSegments || seconds < 3 * targetDuration)) {
    first -= 1;
    seconds += (entries[first] as NumberedEntry).duration;
  }
  return entries.slice(first, last + 1);
}

/** The playlist text of a window, `uriOf` turning an entry's media URI into the playlist's. */
export function livePlaylist(window: readonly NumberedEntry[], uriOf: (uri: string) => string = (uri) => uri): string {
  const first = window[0];
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    `#EXT-X-TARGETDURATION:${targetDuration}`,
    `#EXT-X-MEDIA-SEQUENCE:${first?.sequence ?? 0}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${first?.discontinuitySequence ?? 0}`,
  ];
  window.forEach((entry, i) => {
    if (i > 0 && entry.discontinuity) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(entry.start).toISOString()}`);
    lines.push(`#EXTINF:${entry.duration.toFixed(3)},`);
    lines.push(uriOf(entry.uri));
  });
  return `${lines.join('\n')}\n`;
}

/** Numbers a run of timeline entries from the numbers of the entry before them. */
export function numberEntries(
  entries: readonly TimelineEntry[],
  before: { sequence: number; discontinuitySequence: number },
): NumberedEntry[] {
  let sequence = before.sequence;
  let discontinuitySequence = before.discontinuitySequence;
  return entries.map((entry) => {
    sequence += 1;
    if (entry.discontinuity) discontinuitySequence += 1;
    return { ...entry, sequence, discontinuitySequence };
  });
}
