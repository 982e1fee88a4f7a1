// The video page's quality menu (SPEC §4): the renditions sorted by height, highest first, with a
// 720 entry made from the main link when the list lacks one. No variants, no menu.
import type { VideoQuality } from '@efir/contract';

export const defaultQuality = 720;

export function qualityList(video: { video_kach: readonly VideoQuality[]; link_video: string }): VideoQuality[] {
  if (video.video_kach.length === 0) return [];
  const list = [...video.video_kach];
  if (!list.some((entry) => entry.kach === defaultQuality) && video.link_video !== '') {
    list.push({ kach: defaultQuality, link_video: video.link_video });
  }
  return list.sort((a, b) => b.kach - a.kach);
}

/** The source to start with: the 720 entry, else the main link. */
export function initialSource(video: { video_kach: readonly VideoQuality[]; link_video: string }): {
  kach: number | undefined;
  link: string;
} {
  const entry = qualityList(video).find((item) => item.kach === defaultQuality);
  return entry === undefined
    ? { kach: undefined, link: video.link_video }
    : { kach: entry.kach, link: entry.link_video };
}
