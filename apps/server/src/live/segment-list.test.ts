import { describe, expect, it } from 'vitest';
import { parseMediaPlaylist } from './segment-list.ts';

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

  it('refuses a segment of no length', () => {
    expect(() => parseMediaPlaylist('#EXTINF:0,\na.ts\n', (uri) => uri)).toThrow(/without a duration/u);
  });
});
