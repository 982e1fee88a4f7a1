// Subtitles attached to a video: WebVTT or SRT files, one per language, carried in the video's HLS
// as a SUBTITLES group (RFC 8216 §4.3.4.1).
import { z } from 'zod';
import { channelSubtitleTracks } from './streams.ts';

export const subtitleLimits = {
  /** The largest subtitle file taken: a feature film's subtitles are a few hundred kB. */
  maxBytes: 2 * 1024 * 1024,
  /** Languages one video may carry. */
  tracksPerVideo: 8,
  labelMax: 60,
} as const;

/** The file formats taken, by extension: SRT is converted to WebVTT. */
export const subtitleFormats = ['vtt', 'srt'] as const;
export type SubtitleFormat = (typeof subtitleFormats)[number];

/** A track's language, as HLS's LANGUAGE names it (RFC 5646: `ru`, `en`, `tt-Cyrl`). */
export const subtitleLanguageSchema = z
  .string()
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/u, 'a language tag such as ru, en or tt-Cyrl');

export const subtitleTrackSchema = z.object({
  file: z.string().min(1).describe('an absolute path on the server: a .vtt or .srt file'),
  language: subtitleLanguageSchema,
  label: z
    .string()
    .trim()
    .min(1)
    .max(subtitleLimits.labelMax)
    .regex(/^[^"\r\n]*$/u, 'no double quote or line break')
    .describe('what a player lists the track as'),
});
export type SubtitleTrack = z.infer<typeof subtitleTrackSchema>;

/** The track a file alone is taken as: the channels' first. */
export const defaultSubtitleLanguage = channelSubtitleTracks[0];

/** The language of a Russian track's cues in the Latin script, made from it at ingest. */
export const latinSubtitleLanguage = channelSubtitleTracks[1].language;

/** A video's tracks: at most `tracksPerVideo`, one per language, listed in the order given (the
 * first is the one players offer first). */
export const subtitleTracksSchema = z
  .array(subtitleTrackSchema)
  .max(subtitleLimits.tracksPerVideo)
  .refine((tracks) => new Set(tracks.map((track) => track.language)).size === tracks.length, {
    message: 'one subtitle track per language',
  });
