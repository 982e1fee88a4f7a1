import { describe, expect, it } from 'vitest';
import { AudienceCounter, type FollowedCount, type FollowedStream } from './audience.ts';

const stream = (path: string, channel: string, rung: string): FollowedStream => ({
  path,
  channel,
  shiftMinutes: 0,
  rung,
});
const tv = stream('/tv/720/stream.m3u8', 'tv', '720');
const radio = stream('/radio/m3u/stream.m3u8', 'radio', 'm3u');
const byPath = (counts: FollowedCount[]): Map<string, number> =>
  new Map(counts.map(({ stream: { path }, players }) => [path, players]));

describe('the audience of each stream', () => {
  it('counts each player once in the window, and forgets one a window after its last fetch', () => {
    const audience = new AudienceCounter(30_000);
    for (let second = 0; second < 60; second += 4) {
      audience.saw(tv, '203.0.113.1 Firefox', second * 1000);
      audience.saw(tv, '203.0.113.2 Chrome', second * 1000);
      // One address, two browsers: two players.
      if (second < 20) audience.saw(tv, '203.0.113.2 VLC', second * 1000);
      audience.saw(radio, '198.51.100.7 Safari', second * 1000);
    }
    expect(byPath(audience.counts(40_000))).toEqual(
      new Map([
        ['/tv/720/stream.m3u8', 3],
        ['/radio/m3u/stream.m3u8', 1],
      ]),
    );
    // VLC's last fetch was at 16 s: gone from 46 s on.
    expect(byPath(audience.counts(46_000)).get('/tv/720/stream.m3u8')).toBe(2);
    // Everybody stopped at 56 s.
    expect(byPath(audience.counts(86_000))).toEqual(
      new Map([
        ['/tv/720/stream.m3u8', 0],
        ['/radio/m3u/stream.m3u8', 0],
      ]),
    );
  });

  it('forgets players a window after their last fetch even when nobody reads the counts', () => {
    const audience = new AudienceCounter(30_000);
    for (let i = 0; i < 1000; i += 1) audience.saw(tv, `player ${String(i)}`, i);
    // One fetch two windows later: the thousand are forgotten as it is counted.
    audience.saw(tv, 'late', 60_000);
    expect(audience.size).toBe(1);
  });
});
