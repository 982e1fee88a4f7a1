import { dayListsPollMs } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../lib/api.ts';
import { usePushing } from '../../../lib/live-events.ts';

/** A day's plain list; `follow`: the day on air, which the home page's strip shows, asked again
 * every 2.5 s while the event stream does not say when it is saved. */
export function useTeleprogramVideos(dayId: number, follow = false) {
  const pushed = usePushing();
  return useQuery({
    ...callQuery('teleprogramVideos', { params: { id: dayId } }),
    refetchInterval: follow && !pushed ? dayListsPollMs : false,
  });
}
