import { type SlideshowName } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../lib/api.ts';
import { useMayLoad } from '../../../lib/below-the-fold.tsx';

/** The slideshow of the main, radios or catalog page. */
export function useSlideshow(name: SlideshowName) {
  return useQuery({ ...callQuery('slideshow', { params: { name } }), enabled: useMayLoad() });
}
