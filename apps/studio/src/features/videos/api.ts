// The video catalogue's calls, bound to their names in the contract; the queries and changes over
// them are the catalogue's (lib/catalogue-calls.ts).
import type { StudioVideo, VideoFields, VideoSubtitlesAttach } from '@efir/contract';
import { studio } from '../../lib/api.ts';
import { type CatalogueCalls, categoriesQuery } from '../../lib/catalogue-calls.ts';

export type VideoSort = 'added' | 'name' | 'views' | 'duration';

export const videoCalls: CatalogueCalls<StudioVideo, VideoFields, VideoSort> = {
  keys: { list: 'videos', item: 'video', categories: 'videoCategories' },
  sorts: ['added', 'name', 'views', 'duration'],
  categories: (signal) => studio('videoCategories', { signal }),
  page: (query, signal) => studio('videos', { query, signal }),
  item: (id, signal) => studio('video', { params: { id }, signal }),
  add: (body) => studio('videoAdd', { body }),
  update: (id, body) => studio('videoUpdate', { params: { id }, body }),
  media: (id, upload) => studio('videoMedia', { params: { id }, body: { upload } }),
  picture: (id, upload) => studio('videoPreview', { params: { id }, body: { upload } }),
  remove: (id) => studio('videoDelete', { params: { id } }),
};

export const videoCategoriesQuery = categoriesQuery(videoCalls);

/** A video's subtitles: a track of an upload attached, a language's track removed. */
export const videoSubtitleCalls = {
  attach: (id: number, body: VideoSubtitlesAttach) => studio('videoSubtitles', { params: { id }, body }),
  remove: (id: number, language: string) => studio('videoSubtitlesRemove', { params: { id, language } }),
};
