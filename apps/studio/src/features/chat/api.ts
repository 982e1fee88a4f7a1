// The chat calls of the moderation screen: each room's messages, followed by asking every two
// seconds only for those after the newest one held, and hiding a message or showing it again.
import type { ChatRoom, StudioChatMessage } from '@efir/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { callKey, queryClient, studio } from '../../lib/api.ts';

export const chatRooms: readonly { room: ChatRoom; title: string }[] = [
  { room: 'teleprogram', title: 'Чат телеканала' },
  { room: 'radio', title: 'Чат радио' },
];

/** The most messages a room keeps in memory: a busy evening must not slow the moderator's phone. */
export const chatKept = 300;

const roomKey = (room: ChatRoom) => callKey('chatMessages', { params: { room } });

/** `held` and the messages after its newest, oldest first, at most the last `chatKept`. */
function appended(held: readonly StudioChatMessage[], fresh: readonly StudioChatMessage[]): StudioChatMessage[] {
  const newest = held.at(-1)?.id ?? 0;
  return [...held, ...fresh.filter((message) => message.id > newest)].slice(-chatKept);
}

export function chatRoomQuery(room: ChatRoom) {
  return queryOptions({
    queryKey: roomKey(room),
    queryFn: async ({ signal }) => {
      const newest = queryClient.getQueryData<StudioChatMessage[]>(roomKey(room))?.at(-1)?.id;
      const fresh = await studio('chatMessages', {
        params: { room },
        ...(newest === undefined ? {} : { query: { after: newest } }),
        signal,
      });
      // Read again after the answer: a message hidden meanwhile keeps its new state.
      return appended(queryClient.getQueryData<StudioChatMessage[]>(roomKey(room)) ?? [], fresh);
    },
    refetchInterval: 2000,
  });
}

/** Puts a message as the server answered it into its room's list. */
function replaced(message: StudioChatMessage): void {
  queryClient.setQueryData<StudioChatMessage[]>(roomKey(message.room), (held) =>
    held?.map((entry) => (entry.id === message.id ? message : entry)),
  );
  void queryClient.invalidateQueries({ queryKey: ['audit'] });
}

export function useHideMessage() {
  return useMutation({
    mutationFn: (id: number) => studio('chatMessageHide', { params: { id } }),
    onSuccess: replaced,
  });
}

export function useShowMessage() {
  return useMutation({
    mutationFn: (id: number) => studio('chatMessageShow', { params: { id } }),
    onSuccess: replaced,
  });
}
