import { describe, expect, it } from 'vitest';
import {
  channelStreamBase,
  formatShift,
  iptvChannelId,
  parseShift,
  radioAppleMediaPath,
  radioStreamPath,
  rewindQuery,
  tvStreamPath,
} from './streams.ts';

describe('stream addresses', () => {
  it('write each channel and each copy under its own base', () => {
    expect(tvStreamPath()).toBe('/tv/stream.m3u8');
    expect(tvStreamPath(0, 720)).toBe('/tv/720/stream.m3u8');
    expect(tvStreamPath(240, 360)).toBe('/tv/shift/+4/360/stream.m3u8');
    expect(radioStreamPath('m3u')).toBe('/radio/m3u/stream.m3u8');
    expect(radioStreamPath('apple', -60)).toBe('/radio/shift/-1/apple/stream.m3u8');
    expect(radioAppleMediaPath(330)).toBe('/radio/shift/+5:30/apple/audio.m3u8');
    expect(channelStreamBase('tv', -570)).toBe('/tv/shift/-9:30');
    expect(rewindQuery(1_800_000_000)).toBe('?start=1800000000');
    expect(rewindQuery(1_800_000_000, 1_800_003_600)).toBe('?start=1800000000&end=1800003600');
    expect([iptvChannelId('tv'), iptvChannelId('radio', 240), iptvChannelId('tv', -330)]).toEqual([
      'efir.tv',
      'efir.radio-plus-4',
      'efir.tv-minus-5-30',
    ]);
  });

  it('read a shift the one way it is written, and give it back', () => {
    for (const minutes of [-720, -60, 60, 240, 330, 345, 840]) expect(parseShift(formatShift(minutes))).toBe(minutes);
    expect(parseShift('+4:00')).toBe(240);
    for (const bad of ['4', '+0', '-0', '+04', '+4:10', '+15', '-13', '+4h', '', ' +4']) {
      expect(parseShift(bad), bad).toBeUndefined();
    }
  });
});
