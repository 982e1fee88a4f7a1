import { describe, expect, it } from 'vitest';
import { isRadioReady, isVideoReady } from './media-ready.ts';

describe('media readiness', () => {
  it('a video plays from its own media or from an allowed embed', () => {
    expect(isVideoReady({ link_video: '/media/videos/1/master.m3u8', youtubeIframe: '' })).toBe(true);
    expect(isVideoReady({ link_video: '', youtubeIframe: 'https://www.youtube.com/embed/abc' })).toBe(true);
  });

  it('a video without media, or with an embed the page would drop, is not ready', () => {
    expect(isVideoReady({ link_video: '', youtubeIframe: '' })).toBe(false);
    expect(isVideoReady({ link_video: '', youtubeIframe: 'https://evil.example/embed/abc' })).toBe(false);
  });

  it('a radio is ready once it has its audio', () => {
    expect(isRadioReady({ link_radio: '/media/radios/1/stream.m3u8' })).toBe(true);
    expect(isRadioReady({ link_radio: '' })).toBe(false);
  });
});
