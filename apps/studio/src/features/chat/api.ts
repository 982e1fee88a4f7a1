// The chat calls of the moderation screen: each room's messages, followed every second by asking
// for those after the newest one held and now and then read whole (another moderator's changes);
// the review queue, the bans, the word list and each room's settings; and every change, which
// puts what the server answered in place and drops what it makes stale.
import type { ChatBanAdd, ChatRoom, ChatWordFields, StudioChatMessage, StudioChatRoom } from '@efir/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { callKey, queryClient, studio } from '../../lib/api.ts';

export const chatRooms: readonly ChatRoom[] = ['teleprogram', 'radio'];
export const roomTitles: Record<ChatRoom, string> = { teleprogram: 'Чат телеканала', radio: 'Чат радио' };

/** The most messages a room keeps in memory: a busy evening must not slow the moderator's phone. */
export const chatKept = 300;
/** New messages show within this: a moderator sees a flood as it starts. */
const followMs = 1000;
/** A room is read whole this often, so what other moderators hid, showed or approved shows here too. */
const wholeMs = 15_000;

const roomKey = (room: ChatRoom) => callKey('chatMessages', { params: { room } });
const heldKey = callKey('chatHeld');
const bansKey = callKey('chatBans');
const wordsKey = callKey('chatWords');
const settingsKey = (room: ChatRoom) => callKey('chatRoom', { params: { room } });

/** `held` and the messages after its newest, oldest first, at most the last `chatKept`. */
function appended(held: readonly StudioChatMessage[], fresh: readonly StudioChatMessage[]): StudioChatMessage[] {
  const newest = held.at(-1)?.id ?? 0;
  return [...held, ...fresh.filter((message) => message.id > newest)].slice(-chatKept);
}

const readWhole = new Map<ChatRoom, number>();

export function chatRoomQuery(room: ChatRoom) {
  return queryOptions({
    queryKey: roomKey(room),
    queryFn: async ({ signal }) => {
      const kept = queryClient.getQueryData<StudioChatMessage[]>(roomKey(room));
      const newest = kept?.at(-1)?.id;
      if (newest === undefined || Date.now() - (readWhole.get(room) ?? 0) >= wholeMs) {
        const whole = await studio('chatMessages', { params: { room }, signal });
        readWhole.set(room, Date.now());
        return whole.slice(-chatKept);
      }
      const fresh = await studio('chatMessages', { params: { room }, query: { after: newest }, signal });
      // Read again after the answer: a message hidden meanwhile keeps its new state.
      return appended(queryClient.getQueryData<StudioChatMessage[]>(roomKey(room)) ?? [], fresh);
    },
    refetchInterval: followMs,
  });
}

export const heldQuery = queryOptions({
  queryKey: heldKey,
  queryFn: ({ signal }) => studio('chatHeld', { signal }),
  refetchInterval: 2000,
});

export const bansQuery = queryOptions({
  queryKey: bansKey,
  queryFn: ({ signal }) => studio('chatBans', { signal }),
  refetchInterval: 15_000,
});

export const wordsQuery = queryOptions({
  queryKey: wordsKey,
  queryFn: ({ signal }) => studio('chatWords', { signal }),
});

export function roomSettingsQuery(room: ChatRoom) {
  return queryOptions({
    queryKey: settingsKey(room),
    queryFn: ({ signal }) => studio('chatRoom', { params: { room }, signal }),
    // The day on air changes at midnight, and another moderator may set the slow mode.
    refetchInterval: 30_000,
  });
}

const logChanged = (): void => {
  void queryClient.invalidateQueries({ queryKey: ['audit'] });
};

/** After a change: the list it touched is read again, and so is the audit log. */
const reread = (queryKey: readonly unknown[]) => (): void => {
  void queryClient.invalidateQueries({ queryKey });
  logChanged();
};

/** Puts a message as the server answered it into its room's list and the review queue. */
function replaced(message: StudioChatMessage): void {
  queryClient.setQueryData<StudioChatMessage[]>(roomKey(message.room), (kept) =>
    kept?.map((entry) => (entry.id === message.id ? message : entry)),
  );
  queryClient.setQueryData<StudioChatMessage[]>(heldKey, (queue) =>
    message.held && !message.hidden
      ? queue?.some((entry) => entry.id === message.id) === true
        ? queue.map((entry) => (entry.id === message.id ? message : entry))
        : [...(queue ?? []), message].sort((a, b) => a.id - b.id)
      : queue?.filter((entry) => entry.id !== message.id),
  );
  logChanged();
}

export type MessageAction = 'chatMessageHide' | 'chatMessageShow' | 'chatMessageApprove' | 'chatMessageReject';

export function useMessageAction() {
  return useMutation({
    mutationFn: ({ action, id }: { action: MessageAction; id: number }) => studio(action, { params: { id } }),
    onSuccess: replaced,
  });
}

export function useBan() {
  return useMutation({
    mutationFn: (body: ChatBanAdd) => studio('chatBanAdd', { body }),
    onSuccess: reread(bansKey),
  });
}

export function useLiftBan() {
  return useMutation({
    mutationFn: (id: number) => studio('chatBanLift', { params: { id } }),
    onSuccess: (ban) => {
      queryClient.setQueryData(bansKey, (bans: { id: number }[] | undefined) => bans?.filter((b) => b.id !== ban.id));
      logChanged();
    },
  });
}

export function useAddWord() {
  return useMutation({
    mutationFn: (body: ChatWordFields) => studio('chatWordAdd', { body }),
    onSuccess: reread(wordsKey),
  });
}

export function useRemoveWord() {
  return useMutation({
    mutationFn: (id: number) => studio('chatWordDelete', { params: { id } }),
    onSuccess: reread(wordsKey),
  });
}

export function useSlowMode(room: ChatRoom) {
  return useMutation({
    mutationFn: (seconds: number) => studio('chatSlowMode', { params: { room }, body: { seconds } }),
    onSuccess: (settings: StudioChatRoom) => {
      queryClient.setQueryData(settingsKey(room), settings);
      logChanged();
    },
  });
}

export function useClearRoom(room: ChatRoom) {
  return useMutation({
    mutationFn: () => studio('chatRoomClear', { params: { room } }),
    onSuccess: () => {
      // The whole room again: every message of the day is hidden now.
      readWhole.delete(room);
      void queryClient.invalidateQueries({ queryKey: roomKey(room) });
      void queryClient.invalidateQueries({ queryKey: heldKey });
      logChanged();
    },
  });
}
