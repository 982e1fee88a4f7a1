// Where a live channel's stream is, and what the page's server says the channels offer: how far
// back they rewind and their regional copies (meta tags of the page it serves, streamMetaNames).
// The visitor's choice of copy is kept in local storage and applies to both channels where each
// has that copy.
import {
  parseShift,
  type RadioStreamKind,
  radioStreamPath,
  rewindDefaults,
  rewindQuery,
  type LiveChannelName,
  streamMetaNames,
  tvStreamPath,
} from '@efir/contract';
import { mediaOrigin } from './media-origin.ts';

const meta = (name: string): string =>
  typeof document === 'undefined'
    ? ''
    : (document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim() ?? '');

/** How far back the channels can be rewound (ms). */
export function rewindMs(): number {
  const hours = Number(meta(streamMetaNames.rewindHours));
  return (hours > 0 ? hours : rewindDefaults.hours) * 3_600_000;
}

/** A channel's regional copies: their shifts from the schedules' zone, in minutes. */
export function channelShifts(channel: LiveChannelName): number[] {
  const written = meta(channel === 'tv' ? streamMetaNames.tvShifts : streamMetaNames.radioShifts);
  return written === ''
    ? []
    : written.split(',').flatMap((shift) => {
        const minutes = parseShift(shift.trim());
        return minutes === undefined ? [] : [minutes];
      });
}

/** Local storage's key for the visitor's copy (a shift as written, `+4`; empty for the channel). */
export const shiftStorageKey = 'timeShift';

/** The copy the visitor chose, when the channel has it; else 0, the channel itself. */
export function chosenShift(channel: LiveChannelName): number {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(shiftStorageKey);
  } catch {
    // Storage refused (a private window's rules): the channel itself.
  }
  const minutes = stored === null ? undefined : parseShift(stored);
  return minutes !== undefined && channelShifts(channel).includes(minutes) ? minutes : 0;
}

export function rememberShift(written: string): void {
  try {
    window.localStorage.setItem(shiftStorageKey, written);
  } catch {
    // Not kept: the choice holds for this page only.
  }
}

/** A channel's stream: live, or from the instant `from` (ms) on, of the channel or one of its copies. */
export function liveStreamUrl(
  channel: LiveChannelName,
  { shift = 0, from, radioKind = 'm3u' }: { shift?: number; from?: number; radioKind?: RadioStreamKind } = {},
): string {
  const path = channel === 'tv' ? tvStreamPath(shift) : radioStreamPath(radioKind, shift);
  return `${mediaOrigin()}${path}${from === undefined ? '' : rewindQuery(Math.floor(from / 1000))}`;
}
