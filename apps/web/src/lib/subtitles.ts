// Subtitles in the players: the visitor's choice, on or off, kept for every player and visit; and
// which of a video's text tracks shows: the page's script's (the Latin one on ru-latn pages), else
// the first there is. The live TV's tracks are its subtitle renditions (hls.js makes them from the
// master playlist), a recording's its own.
import { channelSubtitleTracks, type Locale } from '@efir/contract';
import { useCallback, useEffect, useState, type RefObject } from 'react';
import { readStored, writeStored } from './storage.ts';

/** A text track as far as the choice needs it (the DOM's TextTrack). */
export interface ChoosableTrack {
  readonly kind: string;
  readonly language: string;
  mode: TextTrackMode;
}

const isSubtitles = (track: ChoosableTrack): boolean => track.kind === 'subtitles' || track.kind === 'captions';

/** The subtitle language a page in `locale` shows. */
export function subtitleLanguageFor(locale: Locale): string {
  const [russian, latin] = channelSubtitleTracks;
  return locale === 'ru-latn' ? latin.language : russian.language;
}

/** The track to show for `language`: its own, else the first subtitle track; undefined: none. */
export function trackToShow<T extends ChoosableTrack>(tracks: readonly T[], language: string): T | undefined {
  const subtitles = tracks.filter(isSubtitles);
  return subtitles.find((track) => track.language === language) ?? subtitles[0];
}

/** Shows one subtitle track (`on`) or none; the others are disabled, so no player loads them. */
export function showSubtitles(tracks: readonly ChoosableTrack[], on: boolean, language: string): void {
  const shown = on ? trackToShow(tracks, language) : undefined;
  for (const track of tracks) {
    if (!isSubtitles(track)) continue;
    const mode: TextTrackMode = track === shown ? 'showing' : 'disabled';
    if (track.mode !== mode) track.mode = mode;
  }
}

/** The visitor's choice, kept: subtitles on or off. */
export function useSubtitleChoice(): [boolean, () => void] {
  const [on, setOn] = useState(() => readStored('subtitles') === 'on');
  const toggle = useCallback(() => {
    setOn((before) => {
      writeStored('subtitles', before ? 'off' : 'on');
      return !before;
    });
  }, []);
  return [on, toggle];
}

/** Keeps the media element's subtitle tracks as chosen, as tracks come (hls.js adds them once it
 * reads the master playlist); answers whether it has any. */
export function useShownSubtitles(media: RefObject<HTMLMediaElement | null>, on: boolean, language: string): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    const element = media.current;
    if (element === null) return;
    const tracks = element.textTracks;
    const apply = (): void => {
      const list = Array.from(tracks);
      setAvailable(list.some(isSubtitles));
      showSubtitles(list, on, language);
    };
    apply();
    tracks.addEventListener('addtrack', apply);
    tracks.addEventListener('removetrack', apply);
    return () => {
      tracks.removeEventListener('addtrack', apply);
      tracks.removeEventListener('removetrack', apply);
    };
  }, [media, on, language]);
  return available;
}
