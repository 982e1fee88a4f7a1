import { describe, expect, it } from 'vitest';
import { expectLiveSuccessor, type ParsedPlaylist, parsePlaylist } from '../../test/playlist-check.ts';
import { type AiredEntry, type ChannelEntry, continueAiring } from './aired.ts';
import { endedGraceMs, liveWindow, livePlaylist, targetDuration, windowSegments } from './live-playlist.ts';
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
const channel: ChannelEntry[] = timeline.entries.map((entry) => ({ ...entry, day: timeline.date, itemId: null }));
const log: AiredEntry[] = continueAiring(undefined, timeline.start, channel, timeline.end);

const text = (t: number): string => {
  const window = liveWindow(log, t);
  return window === undefined ? '' : livePlaylist(window);
};

describe('live playlist', () => {
  it('keeps at least six segments and three target durations, with the date of each', () => {
    const parsed = parsePlaylist(text(timeline.start + 75_000));
    expect(parsed.segments.length).toBeGreaterThanOrEqual(windowSegments);
    expect(parsed.segments.reduce((s, x) => s + x.duration, 0)).toBeGreaterThanOrEqual(3 * targetDuration);
    expect(parsed.segments.every((s) => s.date !== '' && s.duration <= parsed.target)).toBe(true);
  });

  it('obeys RFC 8216 between successive fetches, second by second, across every boundary', () => {
    let previous: ParsedPlaylist | undefined;
    for (let t = timeline.start; t < timeline.end; t += 1000) {
      const current = parsePlaylist(text(t));
      expectLiveSuccessor(previous, current, targetDuration);
      previous = current;
    }
  });

  it('marks every change of source but never the first segment of the window', () => {
    for (let t = timeline.start; t < timeline.end; t += 1000) {
      expect(text(t)).not.toMatch(/#EXT-X-DISCONTINUITY-SEQUENCE:\d+\n#EXT-X-DISCONTINUITY\n/u);
    }
    const whole = parsePlaylist(livePlaylist({ entries: log, ended: false, until: 0 }));
    const folder = (uri: string): string => uri.slice(0, uri.lastIndexOf('/'));
    const changes = whole.segments.filter((s, i) => i > 0 && folder(s.uri) !== folder(whole.segments[i - 1]!.uri));
    expect(changes.length).toBeGreaterThan(0);
    for (const change of changes) {
      const before = whole.segments[whole.segments.indexOf(change) - 1]!;
      expect(change.discontinuity).toBe(before.discontinuity + 1);
    }
  });

  it('is empty before the air starts, closed with EXT-X-ENDLIST after it stops, then gone', () => {
    expect(liveWindow(log, timeline.start - 1)).toBeUndefined();
    const closed = text(timeline.end);
    expect(closed.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(parsePlaylist(closed).segments.at(-1)?.uri).toBe(log.at(-1)?.uri);
    expect(text(timeline.end + endedGraceMs - 1)).toBe(closed);
    expect(liveWindow(log, timeline.end + endedGraceMs)).toBeUndefined();
  });

  it('never reaches back across a long pause off the air', () => {
    const shifted = channel.map((e) => ({ ...e, start: e.start + 3_600_000 }));
    const later = continueAiring(log.at(-1), timeline.end, shifted, Infinity);
    const window = liveWindow([...log, ...later], (later[1] as AiredEntry).start);
    expect(window?.entries.map((e) => e.sequence)).toEqual([later[0]?.sequence, later[1]?.sequence]);
    expect(later[0]?.sequence).toBe((log.at(-1) as AiredEntry).sequence + 1);
  });
});

describe('an item whose media start their clip again (the demo items)', () => {
  // A 12 s clip of three segments, looped over a 40 s item: a change of source every 12 s.
  const looped: ScheduledItem = {
    id: 9,
    fixedStart: null,
    draft: 0,
    durationSeconds: 40,
    readyAt: 0,
    segments: Array.from({ length: 10 }, (_, i) => ({
      uri: `/media/demo/tv/1/{rung}/seg_${i % 3}.ts`,
      duration: 4,
      ...(i > 0 && i % 3 === 0 ? { discontinuity: true } : {}),
    })),
  };
  const day = buildDayTimeline(
    { date: '2026-11-22', startsAt: '00:00:00', items: [item(1, 8), looped, item(2, 8)] },
    filler,
    zone,
  );
  const entries: ChannelEntry[] = day.entries.map((entry) => ({ ...entry, day: day.date, itemId: entry.itemIndex }));
  const aired = continueAiring(undefined, day.start, entries, day.end);
  const loopedText = (t: number): string => {
    const window = liveWindow(aired, t);
    return window === undefined ? '' : livePlaylist(window);
  };

  it('marks each restart of the clip within the item as a change of source', () => {
    expect(day.entries.map((entry) => entry.discontinuity)).toEqual([
      false,
      false,
      true, // the looped item begins
      false,
      false,
      true, // its clip starts again
      false,
      false,
      true,
      false,
      false,
      true,
      true, // the next item
      false,
    ]);
    expect(aired.map((entry) => entry.discontinuitySequence)).toEqual([0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 5, 5]);
  });

  it('carries them into the live playlist, counting those that left the window', () => {
    const window = liveWindow(aired, day.start + 9 * 4000);
    const parsed = parsePlaylist(livePlaylist(window!));
    expect(parsed.segments.map((s) => s.uri.slice(s.uri.lastIndexOf('/') + 1))).toEqual([
      'seg_2.ts',
      'seg_0.ts',
      'seg_1.ts',
      'seg_2.ts',
      'seg_0.ts',
      'seg_1.ts',
    ]);
    expect(parsed.discontinuitySequence).toBe(1);
    expect(parsed.segments.map((s) => s.discontinuity)).toEqual([1, 2, 2, 2, 3, 3]);
    let previous: ParsedPlaylist | undefined;
    for (let t = day.start; t < day.end; t += 1000) {
      const current = parsePlaylist(loopedText(t));
      expectLiveSuccessor(previous, current, targetDuration);
      previous = current;
    }
  });
});
