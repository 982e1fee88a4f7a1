// The slide calls of the slideshows screen: each show's slides as the studio's ordered list, a
// slide's new picture, and the radio a slide plays.
import type { SlideFields, SlideshowName, StudioSlide } from '@efir/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { callKey, queryClient, studio } from '../../lib/api.ts';
import type { OrderedCalls } from '../../lib/ordered-calls.ts';

/** The site's three slideshows, as the tabs name them. */
export const slideshows = [
  { name: 'main', label: 'Главная' },
  { name: 'radios', label: 'Радио' },
  { name: 'catalog', label: 'Каталог' },
] as const satisfies readonly { name: SlideshowName; label: string }[];

/** A radio's name, for the radio a slide plays. */
export function radioQuery(id: number) {
  return queryOptions({
    queryKey: callKey('radio', { params: { id } }),
    queryFn: ({ signal }) => studio('radio', { params: { id }, signal }),
  });
}

/** A show's slides: the calls of the studio's ordered list (lib/ordered-calls.ts), bound to it. */
export function slideCalls(show: SlideshowName): OrderedCalls<StudioSlide, SlideFields> {
  return {
    key: callKey('slides', { params: { show } }),
    list: (signal) => studio('slides', { params: { show }, signal }),
    add: (body) => studio('slideAdd', { params: { show }, body }),
    update: (id, body) => studio('slideUpdate', { params: { id }, body }),
    remove: (id) => studio('slideDelete', { params: { id } }),
    order: (ids) => studio('slideOrder', { params: { show }, body: { ids } }),
  };
}

export function useSlidePreview(show: SlideshowName, id: number) {
  return useMutation({
    mutationFn: (upload: string) => studio('slidePreview', { params: { id }, body: { upload } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callKey('slides', { params: { show } }) }),
  });
}
