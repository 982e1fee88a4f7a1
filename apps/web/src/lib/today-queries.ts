// Today's run of each channel, asked by more than one screen (the live blocks poll it, the
// programme pages read it once): one query per call, so every screen shares one cache entry.
import { callQuery } from './api.ts';

/** GET teleprogramToday: the TV day on the air, or 'none'. */
export const teleprogramTodayQuery = callQuery('teleprogramToday');

/** GET radioprogramToday: the radio day on the air, or 'none'. */
export const radioprogramTodayQuery = callQuery('radioprogramToday');
