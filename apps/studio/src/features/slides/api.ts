// The slide calls of the slideshows screen: each show's slides, and the changes, each dropping
// what it makes stale. A new order shows at once and goes back if the server refuses it.
import type { SlideFields, SlideshowName, StudioSlide } from '@efir/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { callKey, queryClient, studio } from '../../lib/api.ts';

/** The site's three slideshows, as the tabs name them. */
export const slideshows = [
  { name: 'main', label: 'Главная' },
  { name: 'radios', label: 'Радио' },
  { name: 'catalog', label: 'Каталог' },
] as const satisfies readonly { name: SlideshowName; label: string }[];

export function slidesQuery(show: SlideshowName) {
  return queryOptions({
    queryKey: callKey('slides', { params: { show } }),
    queryFn: ({ signal }) => studio('slides', { params: { show }, signal }),
  });
}

/** A radio's name, for the radio a slide plays. */
export function radioQuery(id: number) {
  return queryOptions({
    queryKey: callKey('radio', { params: { id } }),
    queryFn: ({ signal }) => studio('radio', { params: { id }, signal }),
  });
}

/** After a change of a show's slides: its list asks again. */
function changed(show: SlideshowName): void {
  void queryClient.invalidateQueries({ queryKey: callKey('slides', { params: { show } }) });
}

export function useAddSlide(show: SlideshowName) {
  return useMutation({
    mutationFn: (body: SlideFields) => studio('slideAdd', { params: { show }, body }),
    onSuccess: () => {
      changed(show);
    },
  });
}

export function useUpdateSlide(show: SlideshowName) {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Partial<SlideFields> }) =>
      studio('slideUpdate', { params: { id }, body }),
    onSuccess: () => {
      changed(show);
    },
  });
}

export function useSlidePreview(show: SlideshowName, id: number) {
  return useMutation({
    mutationFn: (upload: string) => studio('slidePreview', { params: { id }, body: { upload } }),
    onSuccess: () => {
      changed(show);
    },
  });
}

export function useDeleteSlide(show: SlideshowName) {
  return useMutation({
    mutationFn: (id: number) => studio('slideDelete', { params: { id } }),
    onSuccess: () => {
      changed(show);
    },
  });
}

/** Puts a show's slides in a new order: shown at once, the old order back if it is refused. */
export function useOrderSlides(show: SlideshowName) {
  const key = callKey('slides', { params: { show } });
  return useMutation({
    mutationFn: (slides: StudioSlide[]) =>
      studio('slideOrder', { params: { show }, body: { ids: slides.map((slide) => slide.id) } }),
    onMutate: async (slides) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<StudioSlide[]>(key);
      queryClient.setQueryData(key, slides);
      return { before };
    },
    onError: (_error, _slides, context) => {
      if (context?.before !== undefined) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (slides) => {
      queryClient.setQueryData(key, slides);
    },
    onSettled: () => {
      changed(show);
    },
  });
}
