import { describe, expect, it } from 'vitest';
import { subtitleSegmentOf } from './subtitle-segments.ts';

describe('the subtitle segment airing with a video segment', () => {
  it('is the same number in the video folder’s subtitle rendition, whatever rung plays', () => {
    expect(subtitleSegmentOf('/media/v/4f2a/{rung}/seg_00012.ts', '{rung}', 'ru')).toEqual({
      folder: 'v/4f2a',
      uri: '/media/v/4f2a/subs/ru/seg_00012.vtt',
    });
    expect(subtitleSegmentOf('/media/demo/tv/1/{rung}/seg_00000.ts', '{rung}', 'ru-Latn')).toEqual({
      folder: 'demo/tv/1',
      uri: '/media/demo/tv/1/subs/ru-Latn/seg_00000.vtt',
    });
  });

  it('is none for what is not a video segment with its rung left open', () => {
    for (const uri of [
      '/media/r/9/seg_00001.ts',
      '/media/v/4f2a/720/seg_00012.ts',
      '/elsewhere/{rung}/seg_1.ts',
      '/media/{rung}/seg_00001.ts',
    ]) {
      expect(subtitleSegmentOf(uri, '{rung}', 'ru'), uri).toBeUndefined();
    }
  });
});
