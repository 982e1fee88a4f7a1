import { dayListsPollMs } from '@efir/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, callKey } from '../../../lib/api.ts';
import { usePushing } from '../../../lib/live-events.ts';

export function getTeleprogramVideos(dayId: number, signal?: AbortSignal) {
  return api('teleprogramVideos', { params: { id: dayId }, signal });
}

export const teleprogramVideosQuery = (dayId: number) =>
  queryOptions({
    queryKey: callKey('teleprogramVideos', { params: { id: dayId } }),
    queryFn: ({ signal }) => getTeleprogramVideos(dayId, signal),
  });

/** A day's plain list; `follow`: the day on air, which the home page's strip shows, asked again
 * every 2.5 s while the event stream does not say when it is saved. */
export function useTeleprogramVideos(dayId: number, follow = false) {
  const pushed = usePushing();
  return useQuery({ ...teleprogramVideosQuery(dayId), refetchInterval: follow && !pushed ? dayListsPollMs : false });
}
