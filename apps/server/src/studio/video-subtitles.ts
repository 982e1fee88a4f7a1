// A video's subtitles in the studio: a WebVTT or SRT file of an upload attached as a language's
// track (in place of the one it had), or a track removed. The file is read and checked here, so a
// bad one is refused at once with its line; the media folder with the new tracks is made by a job.
import {
  defaultSubtitleLanguage,
  latinSubtitleLanguage,
  type StudioVideo,
  subtitleLimits,
  type VideoSubtitlesAttach,
} from '@efir/contract';
import type { FastifyRequest } from 'fastify';
import { rm } from 'node:fs/promises';
import { HttpError } from '../lib/http-error.ts';
import { mediaFolderOf } from '../media/media-files.ts';
import { checkCuesFit, readSubtitles, SubtitleError, subtitleFormatOf } from '../media/subtitles.ts';
import type { StudioVideoRow } from '../repositories/studio-catalogue.ts';
import { callerOf } from './access.ts';
import type { studioCatalogues } from './catalogue-items.ts';
import type { StudioContext } from './context.ts';

/** The tracks a video would have with `language` attached: the Russian one brings its Latin script. */
function languagesWith(row: StudioVideoRow, language: string): Set<string> {
  const languages = new Set([...row.subtitles, language]);
  if (language === defaultSubtitleLanguage.language) languages.add(latinSubtitleLanguage);
  return languages;
}

/** Refused for a video without media of its own (none yet, or the demo's shared clips). */
function checkOwnMedia(row: StudioVideoRow): void {
  if (mediaFolderOf(row.masterPlaylist) === undefined) {
    throw new HttpError(409, 'Субтитры добавляются к видео, чей файл загружен на сайт: сначала загрузите файл.');
  }
}

export function videoSubtitles(context: StudioContext, videos: ReturnType<typeof studioCatalogues>['videos']) {
  return {
    attach: (
      request: FastifyRequest,
      id: number,
      { upload, language, label }: VideoSubtitlesAttach,
    ): Promise<StudioVideo> =>
      videos.queue(request, id, 'subtitles', 'video-subtitles', async (row) => {
        checkOwnMedia(row);
        if (languagesWith(row, language).size > subtitleLimits.tracksPerVideo) {
          throw new HttpError(
            400,
            `У видео может быть не больше ${String(subtitleLimits.tracksPerVideo)} дорожек субтитров.`,
          );
        }
        const taken = await context.uploads.take(upload, callerOf(request).user.id, subtitleLimits.maxBytes);
        try {
          const format = subtitleFormatOf(taken.name);
          checkCuesFit(await readSubtitles(taken.file, format, taken.name), row.durationSeconds, taken.name);
          return {
            source: { attach: { file: taken.file, format, name: taken.name, language, label } },
            audited: { language, label, file: taken.name },
          };
        } catch (error) {
          await rm(taken.file, { force: true });
          if (error instanceof SubtitleError) throw new HttpError(400, `Файл субтитров не принят: ${error.message}`);
          throw error;
        }
      }),

    remove: (request: FastifyRequest, id: number, language: string): Promise<StudioVideo> =>
      videos.queue(request, id, 'subtitles-remove', 'video-subtitles', (row) => {
        checkOwnMedia(row);
        if (!row.subtitles.includes(language)) throw new HttpError(404, 'У видео нет субтитров на этом языке.');
        return Promise.resolve({ source: { remove: language }, audited: { remove: language } });
      }),
  };
}
