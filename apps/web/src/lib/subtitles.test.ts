import { describe, expect, it } from 'vitest';
import { type ChoosableTrack, showSubtitles, subtitleLanguageFor, trackToShow } from './subtitles.ts';

const track = (language: string, kind = 'subtitles'): ChoosableTrack => ({ kind, language, mode: 'disabled' });

describe('the subtitle track shown', () => {
  it('is the page script’s, else the first subtitle track', () => {
    const tracks = [track('en'), track('ru'), track('ru-Latn')];
    expect(trackToShow(tracks, subtitleLanguageFor('ru-cyrl'))?.language).toBe('ru');
    expect(trackToShow(tracks, subtitleLanguageFor('ru-latn'))?.language).toBe('ru-Latn');
    expect(trackToShow([track('metadata', 'metadata'), track('en')], 'ru')?.language).toBe('en');
    expect(trackToShow([track('x', 'metadata')], 'ru')).toBeUndefined();
  });

  it('is the only one showing when on, and none is when off; other kinds are left alone', () => {
    const tracks = [track('ru'), track('ru-Latn'), { ...track('x', 'metadata'), mode: 'hidden' as const }];
    showSubtitles(tracks, true, 'ru-Latn');
    expect(tracks.map((t) => t.mode)).toEqual(['disabled', 'showing', 'hidden']);
    showSubtitles(tracks, false, 'ru-Latn');
    expect(tracks.map((t) => t.mode)).toEqual(['disabled', 'disabled', 'hidden']);
  });
});
