import { describe, expect, it } from 'vitest';
import {
  channelStreamBase,
  formatShift,
  isFillerSegment,
  iptvChannelId,
  livePictureAt,
  pageTimeZone,
  parseShift,
  radioAppleMediaPath,
  radioStreamPath,
  rewindQuery,
  streamMetaNames,
  tvStreamPath,
  videoSubtitleStreamPath,
  channelSubtitleTracks,
} from './streams.ts';
import { defaultTimeZone } from './calendar.ts';

describe('stream addresses', () => {
  it('write each channel and each copy under its own base', () => {
    expect(tvStreamPath()).toBe('/tv/stream.m3u8');
    expect(tvStreamPath(0, 720)).toBe('/tv/720/stream.m3u8');
    expect(tvStreamPath(240, 360)).toBe('/tv/shift/+4/360/stream.m3u8');
    expect(videoSubtitleStreamPath('tv', 0, 'ru')).toBe('/tv/subs/ru/stream.m3u8');
    expect(videoSubtitleStreamPath('kino', 240, 'ru-Latn')).toBe('/kino/shift/+4/subs/ru-Latn/stream.m3u8');
    expect(channelSubtitleTracks.map((track) => track.label)).toEqual(['Русский', 'Russkii']);
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

describe('livePictureAt', () => {
  const playlist = [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    '#EXT-X-TARGETDURATION:2',
    '#EXT-X-MEDIA-SEQUENCE:10',
    '#EXT-X-PROGRAM-DATE-TIME:2026-11-27T12:00:00.000Z',
    '#EXTINF:2.000,',
    '10.ts',
    '#EXT-X-DISCONTINUITY',
    '#EXT-X-PROGRAM-DATE-TIME:2026-11-27T12:00:02.000Z',
    '#EXTINF:2.000,',
    '11.ts',
    '#EXTINF:1.500,',
    '12.ts',
    '',
  ].join('\n');

  it('is the newest segment’s end less two target durations', () => {
    // 12:00:02 + 2 s + 1.5 s = 12:00:05.5, less 2 × 2 s.
    expect(livePictureAt(playlist)).toBe(Date.parse('2026-11-27T12:00:01.500Z'));
  });

  it('is unknown without a date or a target duration', () => {
    expect(livePictureAt('#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\n1.ts\n')).toBeUndefined();
    expect(livePictureAt(playlist.replace('#EXT-X-TARGETDURATION:2\n', ''))).toBeUndefined();
  });
});

describe('pageTimeZone', () => {
  const page = (content: string | null) => ({
    querySelector: (selectors: string) =>
      selectors === `meta[name="${streamMetaNames.timeZone}"]` && content !== null
        ? { getAttribute: (name: string) => (name === 'content' ? content : null) }
        : null,
  });

  it("reads the schedules' zone from the page, and falls back to Efir's default without it", () => {
    expect(pageTimeZone(page('Asia/Vladivostok'))).toBe('Asia/Vladivostok');
    expect(pageTimeZone(page(''))).toBe(defaultTimeZone);
    expect(pageTimeZone(page(null))).toBe(defaultTimeZone);
    expect(pageTimeZone(undefined)).toBe(defaultTimeZone);
  });
});

describe('the filler in a live playlist', () => {
  it('is told by its segment address, listed or resolved by a player', () => {
    expect(isFillerSegment('/media/filler/tv/720/seg_00003.ts')).toBe(true);
    expect(isFillerSegment('http://127.0.0.1:8088/media/filler/tv/360/seg_00003.ts')).toBe(true);
    expect(isFillerSegment('https://efir.example/media/filler/radio/seg_00001.aac')).toBe(true);
    // An item's media, even one named like the filler further down.
    expect(isFillerSegment('/media/v/12-filler/720/seg_00000.ts')).toBe(false);
    expect(isFillerSegment('http://127.0.0.1:8088/media/v/filler/tv/seg_00000.ts')).toBe(false);
    expect(isFillerSegment('/media/fillers/tv/seg_00000.ts')).toBe(false);
  });
});
