// The video calls the studio's video screens make: one query per call and input, and the changes,
// each dropping what it makes stale.
import type { StudioVideo, VideoFields } from '@efir/contract';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { callKey, queryClient, studio } from '../../lib/api.ts';
import { callQuery, type ListQuery } from '../../lib/list-query.ts';

export const videoSorts = ['added', 'name', 'views', 'duration'] as const;
export type VideoSort = (typeof videoSorts)[number];

export const videoCategoriesQuery = queryOptions({
  queryKey: callKey('videoCategories'),
  queryFn: ({ signal }) => studio('videoCategories', { signal }),
});

export function videosQuery(list: ListQuery<VideoSort>) {
  const query = callQuery(list);
  return queryOptions({
    queryKey: callKey('videos', { query }),
    queryFn: ({ signal }) => studio('videos', { query, signal }),
    placeholderData: keepPreviousData,
    // While something is being made, its progress is followed.
    refetchInterval: (state) =>
      state.state.data?.results.some((video) => video.media === 'preparing') === true ? 2000 : false,
  });
}

export function videoQuery(id: number) {
  return queryOptions({
    queryKey: callKey('video', { params: { id } }),
    queryFn: ({ signal }) => studio('video', { params: { id }, signal }),
    refetchInterval: (state) => (state.state.data?.media === 'preparing' ? 1000 : false),
  });
}

/** After a change of a video: every list and its own page ask again. */
function changed(video?: StudioVideo): void {
  void queryClient.invalidateQueries({ queryKey: ['videos'] });
  void queryClient.invalidateQueries({ queryKey: ['jobs'] });
  if (video !== undefined) queryClient.setQueryData(callKey('video', { params: { id: video.id } }), video);
}

export function useAddVideo() {
  return useMutation({
    mutationFn: (body: VideoFields & { upload?: string }) => studio('videoAdd', { body }),
    onSuccess: changed,
  });
}

export function useUpdateVideo(id: number) {
  return useMutation({
    mutationFn: (body: Partial<VideoFields>) => studio('videoUpdate', { params: { id }, body }),
    onSuccess: changed,
  });
}

export function useVideoMedia(id: number) {
  return useMutation({
    mutationFn: (upload: string) => studio('videoMedia', { params: { id }, body: { upload } }),
    onSuccess: changed,
  });
}

export function useVideoPreview(id: number) {
  return useMutation({
    mutationFn: (upload: string) => studio('videoPreview', { params: { id }, body: { upload } }),
    onSuccess: changed,
  });
}

export function useDeleteVideo(id: number) {
  return useMutation({
    mutationFn: () => studio('videoDelete', { params: { id } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: callKey('video', { params: { id } }) });
      changed();
    },
  });
}
