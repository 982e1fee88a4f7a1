// Today's run of each channel, asked by more than one screen (the live blocks poll it, the
// programme pages read it once): one query per call, so every screen shares one cache entry.
import { queryOptions } from '@tanstack/react-query';
import { api, callKey } from './api.ts';

/** GET teleprogramToday: the TV day on the air, or 'none'. */
export const teleprogramTodayQuery = queryOptions({
  queryKey: callKey('teleprogramToday'),
  queryFn: ({ signal }) => api('teleprogramToday', { signal }),
});

/** GET radioprogramToday: the radio day on the air, or 'none'. */
export const radioprogramTodayQuery = queryOptions({
  queryKey: callKey('radioprogramToday'),
  queryFn: ({ signal }) => api('radioprogramToday', { signal }),
});
