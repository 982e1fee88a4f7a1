import { describe, expect, it } from 'vitest';
import { initialSource, qualityList } from './quality.ts';

describe('qualityList', () => {
  it('is empty when there are no variants', () => {
    expect(qualityList({ video_kach: [], link_video: '/m/master.m3u8' })).toEqual([]);
  });

  it('sorts descending', () => {
    const list = qualityList({
      video_kach: [
        { kach: 360, link_video: '/360' },
        { kach: 1080, link_video: '/1080' },
        { kach: 720, link_video: '/720' },
      ],
      link_video: '/master',
    });
    expect(list.map((q) => q.kach)).toEqual([1080, 720, 360]);
  });

  it('adds 720 from the main link when missing', () => {
    const list = qualityList({
      video_kach: [
        { kach: 480, link_video: '/480' },
        { kach: 1080, link_video: '/1080' },
      ],
      link_video: '/master',
    });
    expect(list).toEqual([
      { kach: 1080, link_video: '/1080' },
      { kach: 720, link_video: '/master' },
      { kach: 480, link_video: '/480' },
    ]);
  });

  it('starts at 720, else the main link', () => {
    expect(initialSource({ video_kach: [{ kach: 480, link_video: '/480' }], link_video: '/m' })).toEqual({
      kach: 720,
      link: '/m',
    });
    expect(initialSource({ video_kach: [], link_video: '/m' })).toEqual({ kach: undefined, link: '/m' });
  });
});
