// Reads a live media playlist back, and checks two successive fetches against RFC 8216's rules for
// live playlists (§6.2.1, §6.2.2, §6.3.5): what the tests of the live channels assert.
import { expect } from 'vitest';

export interface ParsedSegment {
  sequence: number;
  uri: string;
  duration: number;
  date: string;
  /** The segment's discontinuity sequence number. */
  discontinuity: number;
}

export interface ParsedPlaylist {
  mediaSequence: number;
  discontinuitySequence: number;
  target: number;
  ended: boolean;
  segments: ParsedSegment[];
}

export function parsePlaylist(text: string): ParsedPlaylist {
  const lines = text.trim().split('\n');
  const header = (tag: string): number => Number(lines.find((l) => l.startsWith(tag))?.slice(tag.length));
  const mediaSequence = header('#EXT-X-MEDIA-SEQUENCE:');
  let discontinuity = header('#EXT-X-DISCONTINUITY-SEQUENCE:');
  const segments: ParsedSegment[] = [];
  let pending = { date: '', duration: 0 };
  for (const line of lines) {
    if (line === '#EXT-X-DISCONTINUITY') discontinuity += 1;
    else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) pending.date = line.slice(25);
    else if (line.startsWith('#EXTINF:')) pending.duration = Number(line.slice(8, -1));
    else if (!line.startsWith('#')) {
      segments.push({ sequence: mediaSequence + segments.length, uri: line, ...pending, discontinuity });
      pending = { date: '', duration: 0 };
    }
  }
  return {
    mediaSequence,
    discontinuitySequence: header('#EXT-X-DISCONTINUITY-SEQUENCE:'),
    target: header('#EXT-X-TARGETDURATION:'),
    ended: lines.includes('#EXT-X-ENDLIST'),
    segments,
  };
}

/** The rules one fetch must keep with the one before it; `target` is the channel's target duration. */
export function expectLiveSuccessor(
  previous: ParsedPlaylist | undefined,
  current: ParsedPlaylist,
  target: number,
): void {
  expect(current.target).toBe(target);
  expect(current.segments.every((segment) => segment.duration <= target && segment.date !== '')).toBe(true);
  expect(current.segments.slice(1).some((s, i) => s.date <= (current.segments[i] as ParsedSegment).date)).toBe(false);
  if (previous === undefined || previous.segments.length === 0) return;
  // Numbers never go back; what left the window is what the sequence grew by.
  expect(current.mediaSequence).toBeGreaterThanOrEqual(previous.mediaSequence);
  const carried = previous.segments.find((s) => s.sequence === current.mediaSequence);
  if (carried !== undefined) expect(current.discontinuitySequence).toBe(carried.discontinuity);
  expect(current.discontinuitySequence).toBeGreaterThanOrEqual(previous.discontinuitySequence);
  // Every segment still in the window is unchanged: URI, duration, date and discontinuity number.
  for (const segment of current.segments) {
    const before = previous.segments.find((s) => s.sequence === segment.sequence);
    if (before !== undefined) expect(segment).toEqual(before);
  }
}

/**
 * Watches one channel's playlists fetch after fetch, by whichever node, however the schedule
 * changes: what was listed never changes, numbers never go back, a sequence number never names two
 * segments, within a run without a discontinuity the date-times are continuous. Collects every
 * violation as a line rather than stopping at the first.
 */
/** A hole in the date-times up to this long, discontinuity or not, is a hole in a player's buffer
 * (hls.js maps date-times onto its timeline); a longer one is time off the air. */
const stallingHoleMs = 4000;

export class ListedWatch {
  readonly violations: string[] = [];
  fetches = 0;
  onAir = 0;
  private readonly seen = new Map<number, ParsedSegment>();
  private lastSequence = Number.NEGATIVE_INFINITY;

  private readonly target: number;

  constructor(target: number) {
    this.target = target;
  }

  check(text: string | undefined, t: number, label: string): void {
    this.fetches += 1;
    if (text === undefined) return;
    this.onAir += 1;
    const playlist = parsePlaylist(text);
    const fail = (what: string): void => {
      this.violations.push(`${label} at ${new Date(t).toISOString()}: ${what}`);
    };
    if (playlist.target !== this.target) fail(`target duration ${playlist.target}`);
    if (playlist.mediaSequence < this.lastSequence) {
      fail(`EXT-X-MEDIA-SEQUENCE went back from ${this.lastSequence} to ${playlist.mediaSequence}`);
    }
    this.lastSequence = Math.max(this.lastSequence, playlist.mediaSequence);
    playlist.segments.forEach((segment, i) => {
      const date = Date.parse(segment.date);
      if (!(segment.duration > 0 && segment.duration <= this.target))
        fail(`segment ${segment.sequence}: EXTINF ${segment.duration}`);
      if (!(date <= t)) fail(`segment ${segment.sequence} listed before its time (${segment.date})`);
      const before = playlist.segments[i - 1];
      if (before !== undefined) {
        const beforeEnd = Date.parse(before.date) + Math.round(before.duration * 1000);
        if (date < beforeEnd) fail(`segment ${segment.sequence} starts before the one before it ends`);
        if (segment.discontinuity === before.discontinuity && date !== beforeEnd) {
          fail(`a hole of ${date - beforeEnd} ms before segment ${segment.sequence} without a discontinuity`);
        } else if (date > beforeEnd && date - beforeEnd <= stallingHoleMs) {
          fail(`a hole of ${date - beforeEnd} ms before segment ${segment.sequence}: a player stalls in it`);
        }
      }
      const known = this.seen.get(segment.sequence);
      if (known === undefined) this.seen.set(segment.sequence, segment);
      else if (JSON.stringify(known) !== JSON.stringify(segment)) {
        fail(`segment ${segment.sequence} changed: ${JSON.stringify(known)} → ${JSON.stringify(segment)}`);
      }
    });
  }
}
