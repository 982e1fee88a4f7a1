import { type SlideshowName } from '@efir/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCall } from '../../../lib/api.ts';
import { useMayLoad } from '../../../lib/below-the-fold.tsx';

/** GET /get/slideshow/{main, radios or catalog}/True/ */
export function getSlideshow(name: SlideshowName, signal?: AbortSignal) {
  return fetchCall<'slideshow'>(`/get/slideshow/${name}/True/`, signal ? { signal } : {});
}

export const slideshowQuery = (name: SlideshowName) =>
  queryOptions({ queryKey: ['slideshow', name], queryFn: ({ signal }) => getSlideshow(name, signal) });

export function useSlideshow(name: SlideshowName) {
  return useQuery({ ...slideshowQuery(name), enabled: useMayLoad() });
}
