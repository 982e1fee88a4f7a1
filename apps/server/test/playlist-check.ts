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
