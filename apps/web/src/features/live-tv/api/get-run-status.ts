import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../lib/api.ts';
import { useLiveTopic } from '../../../lib/live-events.ts';
import { tvEnded } from '../../../lib/live.ts';

/** The TV channel's run now, or 'none'. */
export const runStatusQuery = callQuery('teleprogramRunStatus');

/** Pushed by the page's event stream; without it, polled every 5 s (SPEC §9) until the day has
 * ended (status 0 or 4, or no day). */
export function useRunStatus() {
  const pushed = useLiveTopic('tv');
  return useQuery({
    ...runStatusQuery,
    refetchInterval: (query) => (pushed || tvEnded(query.state.data) ? false : 5000),
  });
}
