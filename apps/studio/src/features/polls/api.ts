// The polls' calls: the polls in the order visitors meet them, and the changes, each dropping what
// it makes stale; a new order shows at once and goes back if refused.
import type { pollFieldsSchema, StudioPoll } from '@efir/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callKey, queryClient, studio } from '../../lib/api.ts';

export type PollValues = z.output<typeof pollFieldsSchema>;

export const pollsQuery = queryOptions({
  queryKey: callKey('polls'),
  queryFn: ({ signal }) => studio('polls', { signal }),
});

function changed(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: pollsQuery.queryKey });
}

/** Adds a poll (id null) or rewrites one. */
export function useSavePoll(id: number | null) {
  return useMutation({
    mutationFn: (body: PollValues) =>
      id === null ? studio('pollAdd', { body }) : studio('pollUpdate', { params: { id }, body }),
    onSuccess: changed,
  });
}

export function useDeletePoll() {
  return useMutation({
    mutationFn: (id: number) => studio('pollDelete', { params: { id } }),
    onSuccess: changed,
  });
}

export function useOrderPolls() {
  return useMutation({
    mutationFn: (polls: StudioPoll[]) => studio('pollOrder', { body: { ids: polls.map((poll) => poll.id) } }),
    onMutate: async (polls) => {
      await queryClient.cancelQueries({ queryKey: pollsQuery.queryKey });
      const before = queryClient.getQueryData(pollsQuery.queryKey);
      queryClient.setQueryData(pollsQuery.queryKey, polls);
      return { before };
    },
    onError: (_error, _polls, result) => {
      if (result?.before !== undefined) queryClient.setQueryData(pollsQuery.queryKey, result.before);
      return changed();
    },
    onSuccess: (polls) => {
      queryClient.setQueryData(pollsQuery.queryKey, polls);
    },
  });
}
