import type { ChatRoom } from '@efir/contract';
import { api } from '../../../lib/api.ts';

/** The room's latest messages: unchanged, the browser's copy answers (304). */
export function getChatMessages(room: ChatRoom, id: number, signal?: AbortSignal) {
  return api('chatMessages', { params: { room, id }, signal });
}

/** A post to the room, with the programme's id under the room's field. */
export function postChatMessage(room: ChatRoom, id: number, name: string, message: string) {
  const programme = room === 'teleprogram' ? { teleprogram_id: id } : { radioprogram_id: id };
  return api('chatPost', { params: { room, id }, body: { ...programme, name, message } });
}
