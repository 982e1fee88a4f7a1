import { mainChannels } from '@efir/contract';
import { describe, expect, it } from 'vitest';
import { orderForAiring, type UpcomingMedia } from './live-channels.ts';
import { isShowing } from './live-channel.ts';

const t = Date.UTC(2026, 10, 23, 3, 0, 0);
const at = (seconds: number): number => t + seconds * 1000;
/** Media made at 5 (video) and 60 (radio) times real time. */
const speed = (entry: UpcomingMedia): number => (entry.seconds / (entry.channel.kind === 'video' ? 5 : 60)) * 1000;

function item(
  channel: 'tv' | 'radio',
  mediaId: number,
  start: number,
  end: number,
  seconds = end - start,
): UpcomingMedia {
  return { channel: mainChannels[channel], mediaId, start: at(start), end: at(end), seconds };
}

const ids = (order: readonly UpcomingMedia[]): string[] =>
  order.map((entry) => `${entry.channel.slug}${entry.mediaId}`);

describe('orderForAiring', () => {
  it('makes the item on air first when it is ready before its slot ends', () => {
    // 100 s long, on air for 80 more seconds: ready after 20 s.
    const order = orderForAiring([item('tv', 1, -20, 80, 100), item('tv', 2, 80, 200)], t, speed);
    expect(ids(order)).toEqual(['tv1', 'tv2']);
  });

  it('skips an item on air whose slot would be over before its media are ready', () => {
    // 900 s long with 60 s left: 180 s to make. The 72 s item after it airs in 60 s, ready in 14.4 s.
    const order = orderForAiring(
      [item('tv', 1, -840, 60, 900), item('tv', 2, 60, 132), item('tv', 3, 132, 379)],
      t,
      speed,
    );
    expect(ids(order)).toEqual(['tv2', 'tv3', 'tv1']);
  });

  it('puts the quick radio items between the video ones where they air sooner', () => {
    const order = orderForAiring(
      [item('tv', 1, 0, 300), item('radio', 7, 0, 600), item('tv', 2, 300, 600), item('radio', 8, 600, 1200)],
      t,
      speed,
    );
    // The radio on air is ready in 10 s, the video on air in 60 s; then the next video (ready at
    // 130 s, airing at 300 s) before the next radio (airing at 600 s).
    expect(ids(order)).toEqual(['radio7', 'tv1', 'tv2', 'radio8']);
  });

  it('makes a medium once, at its first useful place, and the unreachable ones last by start', () => {
    const order = orderForAiring(
      [item('tv', 1, 0, 50, 1000), item('tv', 2, 10, 100), item('tv', 2, 5000, 5090), item('tv', 3, 20, 30, 600)],
      t,
      speed,
    );
    expect(ids(order)).toEqual(['tv2', 'tv1', 'tv3']);
  });

  it('with the demo media, made in about the same time whatever their length, takes what airs first', () => {
    const order = orderForAiring([item('tv', 1, 30, 900), item('tv', 2, -600, 20), item('radio', 3, 10, 300)], t);
    expect(ids(order)).toEqual(['tv2', 'radio3', 'tv1']);
  });

  it('is empty for nothing upcoming', () => {
    expect(orderForAiring([], t, speed)).toEqual([]);
  });
});

describe('the show rule', () => {
  it('TV shows a day only while an item of it is on air', () => {
    expect(isShowing('tv', { status: 1, index: 2 })).toBe(true);
    expect(isShowing('tv', { status: 4, index: 9 })).toBe(false);
    expect(isShowing('tv', { status: 0, index: 0 })).toBe(false);
  });

  it('radio shows a day from its first start to its end, the gaps between items included', () => {
    expect(isShowing('radio', { status: 1, index: 2 })).toBe(true);
    expect(isShowing('radio', { status: 4, index: 3 })).toBe(true);
    expect(isShowing('radio', { status: 0, index: 0 })).toBe(false);
  });
});
