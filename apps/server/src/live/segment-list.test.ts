import { describe, expect, it } from 'vitest';
import { parseMediaPlaylist, resolveSegmentUri } from './segment-list.ts';

describe('parseMediaPlaylist', () => {
  it('reads each duration with its segment, resolving the URI', () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-TARGETDURATION:4',
      '#EXT-X-PLAYLIST-TYPE:VOD',
      '#EXTINF:4.000000,',
      'seg_00000.ts',
      '#EXTINF:1.520000,',
      'seg_00001.ts',
      '#EXT-X-ENDLIST',
      '',
    ].join('\n');
    expect(parseMediaPlaylist(text, (uri) => `/media/v/x/{rung}/${uri}`)).toEqual([
      { uri: '/media/v/x/{rung}/seg_00000.ts', duration: 4 },
      { uri: '/media/v/x/{rung}/seg_00001.ts', duration: 1.52 },
    ]);
  });

  it('marks the segment after each EXT-X-DISCONTINUITY, never the first', () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-DISCONTINUITY',
      '#EXTINF:4.000,',
      'a0.ts',
      '#EXTINF:4.000,',
      'a1.ts',
      '#EXT-X-DISCONTINUITY',
      '#EXTINF:4.000,',
      'a0.ts',
      '#EXTINF:4.000,',
      'a1.ts',
      '#EXT-X-ENDLIST',
    ].join('\n');
    expect(parseMediaPlaylist(text, (uri) => uri)).toEqual([
      { uri: 'a0.ts', duration: 4 },
      { uri: 'a1.ts', duration: 4 },
      { uri: 'a0.ts', duration: 4, discontinuity: true },
      { uri: 'a1.ts', duration: 4 },
    ]);
  });

  it('refuses a segment of no length', () => {
    expect(() => parseMediaPlaylist('#EXTINF:0,\na.ts\n', (uri) => uri)).toThrow(/without a duration/u);
  });
});

describe('resolveSegmentUri', () => {
  const rung = { name: '720', slot: '{rung}' };

  it('leaves the rung open in an item’s own segments and in shared ones reached by ..', () => {
    expect(resolveSegmentUri('/media/v/abc/720', 'seg_00001.ts', rung)).toBe('/media/v/abc/{rung}/seg_00001.ts');
    expect(resolveSegmentUri('/media/v/abc/720', '../../../demo/tv/2/720/seg_00003.ts', rung)).toBe(
      '/media/demo/tv/2/{rung}/seg_00003.ts',
    );
    expect(resolveSegmentUri('/media/r/abc', '../../demo/radio/1/seg_00000.ts')).toBe(
      '/media/demo/radio/1/seg_00000.ts',
    );
  });

  it('refuses what leaves the media, another rung, and absolute URIs', () => {
    expect(() => resolveSegmentUri('/media/r/abc', '../../../etc/passwd')).toThrow(/outside the media/u);
    expect(() => resolveSegmentUri('/media/v/abc/720', '../480/seg_00000.ts', rung)).toThrow(/rung/u);
    expect(() => resolveSegmentUri('/media/v/abc/720', 'http://elsewhere/seg.ts', rung)).toThrow(/relative/u);
    expect(() => resolveSegmentUri('/media/v/abc/720', '/media/x.ts', rung)).toThrow(/relative/u);
  });
});
