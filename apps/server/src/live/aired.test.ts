import { describe, expect, it } from 'vitest';
import { type AiredEntry, type ChannelEntry, continueAiring, frontierAfter, maxPullMs } from './aired.ts';
import { buildDayTimeline, endOf, type ScheduledItem, type Segment } from './timeline.ts';

const zone = 'UTC';
const date = '2026-11-22';
function item(id: number, seconds: number, fixedStart: string | null = null): ScheduledItem {
  const segments: Segment[] = [];
  for (let t = 0; t < seconds; t += 4) segments.push({ uri: `i${id}/${t / 4}.ts`, duration: Math.min(4, seconds - t) });
  return { id, fixedStart, draft: 0, durationSeconds: seconds, readyAt: 0, segments };
}
const filler: Segment[] = [0, 1, 2, 3].map((i) => ({ uri: `filler/${i}.ts`, duration: 1 }));
const channelOf = (items: ScheduledItem[], startsAt = '06:00:00', trims: Segment[] = []): ChannelEntry[] =>
  buildDayTimeline({ date, startsAt, items }, filler, zone, undefined, trims).entries.map((entry) => ({
    ...entry,
    day: date,
    itemId: entry.itemIndex === null ? null : (items[entry.itemIndex]?.id ?? null),
  }));
const start = Date.UTC(2026, 10, 22, 6);

/** Extends a log from `from` to `until` in steps, as a node does second by second. */
function airInSteps(log: AiredEntry[], frontier: number, channel: ChannelEntry[], until: number, step: number) {
  let at = frontier;
  const out = [...log];
  while (at < until) {
    const added = continueAiring(
      out.at(-1),
      Math.max(at, out.length > 0 ? endOf(out.at(-1)!) : at),
      channel,
      at + step,
      filler,
    );
    out.push(...added);
    at = frontierAfter(added, at + step);
  }
  return { log: out, frontier: at };
}

describe('continueAiring', () => {
  const channel = channelOf([item(1, 10), item(2, 8), item(3, 6, '06:00:30')]);

  it('starts a fresh log at the frontier, numbered from 0', () => {
    const log = continueAiring(undefined, start, channel, start + 60_000);
    expect(log.map((e) => e.uri).slice(0, 4)).toEqual(['i1/0.ts', 'i1/1.ts', 'i1/2.ts', 'i2/0.ts']);
    expect(log[0]?.sequence).toBe(0);
    expect(log[0]?.discontinuity).toBe(false);
    expect(log.map((e) => e.sequence)).toEqual(log.map((_, i) => (log[0]?.sequence ?? 0) + i));
    expect(log.map((e) => e.itemId).slice(0, 4)).toEqual([1, 1, 1, 2]);
  });

  it('gives the same log worked out second by second as all at once', () => {
    const once = continueAiring(undefined, start, channel, start + 60_000);
    const stepped = airInSteps([], start, channel, start + 60_000, 1000).log;
    expect(stepped).toEqual(once);
  });

  it('joins a changed schedule after the frontier: what was listed stays, numbers go on', () => {
    const before = airInSteps([], start, channel, start + 12_000, 1000);
    // The editor swaps the first two items while item 1 is on air.
    const edited = channelOf([item(2, 8), item(1, 10), item(3, 6, '06:00:30')]);
    const after = airInSteps(before.log, before.frontier, edited, start + 60_000, 1000).log;
    expect(after.slice(0, before.log.length)).toEqual(before.log);
    const joined = after[before.log.length] as AiredEntry;
    expect(joined.start).toBeGreaterThanOrEqual(before.frontier);
    expect(joined.discontinuity).toBe(true);
    expect(joined.sequence).toBe((before.log.at(-1) as AiredEntry).sequence + 1);
    expect(joined.discontinuitySequence).toBe((before.log.at(-1) as AiredEntry).discontinuitySequence + 1);
    // From the join on, the log airs the new schedule, at most a segment ahead of its wall clock.
    for (const entry of after.slice(before.log.length)) {
      if (entry.uri.startsWith('filler/')) continue;
      const planned = edited.find((c) => c.uri === entry.uri && Math.abs(c.start - entry.start) <= 4000);
      expect(planned, entry.uri).toBeDefined();
      expect(entry.start).toBeLessThanOrEqual(planned!.start);
    }
    // No hole anywhere: a player maps date-times onto its buffer, so a hole would be a stall.
    after.slice(1).forEach((entry, i) => {
      expect(entry.start, entry.uri).toBe(endOf(after[i]!));
    });
    // The fixed-time item starts within a second of its time, never late, whatever was edited.
    const fixed = after.find((e) => e.uri === 'i3/0.ts')?.start ?? 0;
    expect(fixed).toBeLessThanOrEqual(start + 30_000);
    expect(fixed).toBeGreaterThan(start + 29_000);
  });

  it('joins an edit from segment to segment: the joined item airs with no filler before it', () => {
    const before = airInSteps([], start, channel, start + 9000, 1000);
    // Item 2 grows a second and goes first: at the join (10 s in) item 1 is a second into its slot.
    const edited = channelOf([item(2, 9), item(1, 10), item(3, 6, '06:00:30')]);
    const after = airInSteps(before.log, before.frontier, edited, start + 40_000, 1000).log;
    const joined = after.slice(before.log.length);
    // From its segment boundary nearest the join: a second behind its timeline, nothing but its media.
    expect(joined.slice(0, 3).map((e) => [e.uri, e.start - start, e.offset])).toEqual([
      ['i1/0.ts', 10_000, 1000],
      ['i1/1.ts', 14_000, 1000],
      ['i1/2.ts', 18_000, 1000],
    ]);
    // Back on its timeline in the filler before the fixed start: a filler second fewer.
    const back = joined.find((e) => e.uri.startsWith('filler/'));
    expect(back).toMatchObject({ start: start + 20_000, offset: 0, discontinuity: true });
    expect(after.find((e) => e.uri === 'i3/0.ts')?.start).toBe(start + 30_000);
    after.slice(1).forEach((entry, i) => {
      expect(entry.start, entry.uri).toBe(endOf(after[i]!));
    });
  });

  it('joins ahead where the next boundary is nearer, and comes back with filler where filler airs', () => {
    const before = airInSteps([], start, channel, start + 9000, 1000);
    // Item 2 now lasts 11 s: at the join it has a second left, so item 1 airs a second early.
    const edited = channelOf([item(2, 11), item(1, 10), item(3, 6, '06:00:30')]);
    const joined = airInSteps(before.log, before.frontier, edited, start + 40_000, 1000).log.slice(before.log.length);
    expect(joined.slice(0, 3).map((e) => [e.uri, e.start - start, e.offset])).toEqual([
      ['i1/0.ts', 10_000, -1000],
      ['i1/1.ts', 14_000, -1000],
      ['i1/2.ts', 18_000, -1000],
    ]);
    // The filler where the timeline has it takes the second back: 21 s on, on time.
    expect(joined.slice(3, 5).map((e) => [e.uri, e.start - start, e.offset])).toEqual([
      ['filler/0.ts', 20_000, 0],
      ['filler/0.ts', 21_000, 0],
    ]);
    expect(joined.find((e) => e.uri === 'i3/0.ts')?.start).toBe(start + 30_000);
  });

  it('comes back to its timeline to the frame: a trim for the fraction, ahead or behind', () => {
    // The TV's trims: 1, 2 … 24 frames of 40 ms.
    const trims: Segment[] = Array.from({ length: 24 }, (_, k) => ({ uri: `trim/${k}.ts`, duration: (k + 1) * 0.04 }));
    const day = [item(1, 10), item(2, 8), item(3, 6, '06:00:40')];
    for (const [first, side] of [
      [item(2, 11.32), 'ahead'],
      [item(4, 9.36), 'behind'],
    ] as const) {
      const before = airInSteps([], start, channelOf(day), start + 9000, 1000);
      // The first item now lasts some frames more than whole seconds: the join airs the next one
      // off its timeline by a fraction of a second, ahead or behind.
      const edited = channelOf([first, item(1, 10), item(3, 6, '06:00:40')], '06:00:00', trims);
      // Its timeline fills the gap before the fixed start to the frame, with a trim of its own.
      expect(edited.filter((e) => e.uri.startsWith('trim/'))).toHaveLength(1);
      let log = before.log;
      let at = before.frontier;
      while (at < start + 50_000) {
        const added = continueAiring(log.at(-1), Math.max(at, endOf(log.at(-1)!)), edited, at + 1000, filler, trims);
        log = [...log, ...added];
        at = frontierAfter(added, at + 1000);
      }
      const joined = log.slice(before.log.length);
      expect(joined[0]!.offset * (side === 'ahead' ? -1 : 1), side).toBeGreaterThan(100);
      // No hole, no overlap, whatever was aired.
      joined.forEach((entry, i) => {
        expect(entry.start, entry.uri).toBe(endOf(i === 0 ? before.log.at(-1)! : joined[i - 1]!));
      });
      const trimmed = joined.filter((e) => e.uri.startsWith('trim/'));
      expect(trimmed, side).toHaveLength(2);
      // From the trim on, the channel airs on its timeline.
      const after = joined.slice(joined.indexOf(trimmed[0]!) + 1);
      for (const entry of after) expect(entry.offset, `${side} ${entry.uri}`).toBe(0);
      expect(after.find((e) => e.uri === 'i3/0.ts')?.start, side).toBe(start + 40_000);
    }
  });

  it('never airs a fixed start late: behind its timeline, the channel cuts what would still air then', () => {
    const day = channelOf([item(1, 10), item(2, 20), item(3, 6, '06:00:30')]);
    const before = airInSteps([], start, day, start + 9000, 1000);
    // Item 2 ends exactly at the fixed start; the edit joins it a second behind.
    const edited = channelOf([item(4, 9), item(2, 21), item(3, 6, '06:00:30')]);
    const after = airInSteps(before.log, before.frontier, edited, start + 40_000, 1000).log;
    expect(after.find((e) => e.uri === 'i2/0.ts')).toMatchObject({ start: start + 10_000, offset: 1000 });
    // Its last second (i2/5) is cut: the fixed-time item starts on time.
    expect(after.map((e) => e.uri)).not.toContain('i2/5.ts');
    expect(after.find((e) => e.uri === 'i3/0.ts')).toMatchObject({ start: start + 30_000, offset: 0 });
  });

  it('joins without a discontinuity where the change does not touch what airs next', () => {
    const before = airInSteps([], start, channel, start + 12_000, 1000);
    const later = channelOf([item(1, 10), item(2, 8), item(4, 6, '06:00:30')]);
    const after = airInSteps(before.log, before.frontier, later, start + 28_000, 1000).log;
    expect(after).toEqual(airInSteps([], start, channel, start + 28_000, 1000).log);
  });

  it('goes on after a pause off the air with the next numbers and a discontinuity', () => {
    const first = continueAiring(undefined, start, channel, start + 60_000);
    const nextDay = channelOf([item(5, 8)], '09:00:00');
    const resumed = continueAiring(first.at(-1), endOf(first.at(-1)!), nextDay, start + 4 * 3_600_000);
    expect(resumed[0]?.start).toBe(Date.UTC(2026, 10, 22, 9));
    expect(resumed[0]?.sequence).toBe((first.at(-1) as AiredEntry).sequence + 1);
    expect(resumed[0]?.discontinuity).toBe(true);
  });

  it('comes back on the air after an edit only past a gap a player takes for time off the air', () => {
    // The day ended 10 s in and the log decided the channel off the air for 2 s more; then an
    // edit gives the day a fixed-time item at 40 s, so the schedule fills 10–40 s with filler.
    const ended = continueAiring(undefined, start, channelOf([item(1, 10)]), start + 12_000, filler);
    const airEnd = endOf(ended.at(-1)!);
    expect(airEnd).toBe(start + 10_000);
    const edited = channelOf([item(1, 10), item(2, 8, '06:00:40')]);
    const resumed = continueAiring(ended.at(-1), start + 12_000, edited, start + 60_000, filler);
    // A 2 s hole would stall a player mid-buffer; the channel waits until the hole is a pause.
    expect(resumed[0]!.start - airEnd).toBeGreaterThan(maxPullMs);
    expect(resumed[0]?.discontinuity).toBe(true);
    expect(resumed.at(-1)?.uri).toBe('i2/1.ts');
  });

  it('never airs again what it aired ahead of its timeline, when the day ends there', () => {
    // Item 2's fixed start falls 640 ms into a filler second: the log pulls it back and airs it
    // 640 ms ahead, so its last segment ends before the clock reaches that segment's place.
    const pulled = channelOf([item(1, 10.36), item(2, 8.36, '06:00:12')]);
    const once = continueAiring(undefined, start, pulled, start + 60_000, filler);
    expect(once.at(-1)).toMatchObject({ uri: 'i2/2.ts', start: start + 19_360, offset: -640 });
    // Half a second at a time, the frontier passes that segment's end short of its timeline place.
    const stepped = airInSteps([], start, pulled, start + 60_000, 500).log;
    expect(stepped).toEqual(once);
  });

  it('adds nothing before the frontier, even where the schedule has something', () => {
    const added = continueAiring(undefined, start + 5000, channel, start + 20_000);
    expect(added[0]?.start).toBe(start + 8000);
  });
});
