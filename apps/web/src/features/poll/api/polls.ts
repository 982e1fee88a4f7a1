import { type Poll } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { api, callQuery } from '../../../lib/api.ts';
import { useMayLoad } from '../../../lib/below-the-fold.tsx';
import { useLiveTopic } from '../../../lib/live-events.ts';

export const pollsQuery = callQuery('polls');

/** The polls, their results pushed by the page's event stream as votes come in. */
export function usePolls() {
  useLiveTopic('polls');
  return useQuery({ ...pollsQuery, enabled: useMayLoad() });
}

/** +1 for each chosen variant (1–4); answers the poll with its counts. */
export function votePoll(id: number, chosen: readonly number[]): Promise<Poll> {
  const body = Object.fromEntries([1, 2, 3, 4].map((n) => [`otvet_${n}`, chosen.includes(n)]));
  return api('pollVote', { params: { id }, body });
}
