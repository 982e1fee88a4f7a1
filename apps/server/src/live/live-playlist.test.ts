import { describe, expect, it } from 'vitest';
import { expectLiveSuccessor, type ParsedPlaylist, parsePlaylist } from '../../test/playlist-check.ts';
import { liveWindow, livePlaylist, numberEntries, targetDuration, windowSegments } from './live-playlist.ts';
import { buildDayTimeline, type ScheduledItem, type Segment } from './timeline.ts';

const zone = 'UTC';
function item(id: number, seconds: number, fixedStart: string | null = null): ScheduledItem {
  const segments: Segment[] = [];
  for (let t = 0; t < seconds; t += 4)
    segments.push({ uri: `/media/v/${id}/720/seg_${t / 4}.ts`, duration: Math.min(4, seconds - t) });
  return { id, fixedStart, draft: 0, durationSeconds: seconds, readyAt: 0, segments };
}
const filler: Segment[] = [0, 1, 2, 3].map((i) => ({ uri: `/media/filler/${i}.ts`, duration: 1 }));
const timeline = buildDayTimeline(
  { date: '2026-11-22', startsAt: '00:00:00', items: [item(1, 30), item(2, 22), item(3, 40, '00:01:00'), item(4, 18)] },
  filler,
  zone,
);
const numbered = numberEntries(timeline.entries, { sequence: 1000, discontinuitySequence: 7 });

describe('live playlist', () => {
  it('keeps at least six segments and three target durations, with the date of each', () => {
    const text = livePlaylist(liveWindow(numbered, timeline.start + 75_000));
    const parsed = parsePlaylist(text);
    expect(parsed.segments.length).toBeGreaterThanOrEqual(windowSegments);
    expect(parsed.segments.reduce((s, x) => s + x.duration, 0)).toBeGreaterThanOrEqual(3 * targetDuration);
    expect(parsed.segments.every((s) => s.date !== '' && s.duration <= parsed.target)).toBe(true);
  });

  it('obeys RFC 8216 between successive fetches, second by second, across every boundary', () => {
    let previous: ParsedPlaylist | undefined;
    for (let t = timeline.start; t < timeline.end; t += 1000) {
      const current = parsePlaylist(livePlaylist(liveWindow(numbered, t)));
      expectLiveSuccessor(previous, current, targetDuration);
      previous = current;
    }
  });

  it('marks every change of source but never the first segment of the window', () => {
    for (let t = timeline.start; t < timeline.end; t += 1000) {
      const text = livePlaylist(liveWindow(numbered, t));
      expect(text).not.toMatch(/#EXT-X-DISCONTINUITY-SEQUENCE:\d+\n#EXT-X-DISCONTINUITY\n/u);
    }
    const whole = parsePlaylist(livePlaylist(numbered));
    const folder = (uri: string): string => uri.slice(0, uri.lastIndexOf('/'));
    const changes = whole.segments.filter((s, i) => i > 0 && folder(s.uri) !== folder(whole.segments[i - 1]!.uri));
    expect(changes.length).toBeGreaterThan(0);
    for (const change of changes) {
      const before = whole.segments[whole.segments.indexOf(change) - 1]!;
      expect(change.discontinuity).toBe(before.discontinuity + 1);
    }
  });

  it('is empty before the day starts', () => {
    expect(liveWindow(numbered, timeline.start - 1)).toEqual([]);
  });
});
