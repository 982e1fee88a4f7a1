import { type SlideshowName } from '@efir/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, callKey } from '../../../lib/api.ts';
import { useMayLoad } from '../../../lib/below-the-fold.tsx';

/** The slideshow of the main, radios or catalog page. */
export function getSlideshow(name: SlideshowName, signal?: AbortSignal) {
  return api('slideshow', { params: { name }, signal });
}

export const slideshowQuery = (name: SlideshowName) =>
  queryOptions({
    queryKey: callKey('slideshow', { params: { name } }),
    queryFn: ({ signal }) => getSlideshow(name, signal),
  });

export function useSlideshow(name: SlideshowName) {
  return useQuery({ ...slideshowQuery(name), enabled: useMayLoad() });
}
