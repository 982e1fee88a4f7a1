import { type ChatMessage, type ChatRoom } from '@efir/contract';
import { api } from '../../../lib/api.ts';

/** The room's latest messages, or only those after `after`. */
export function getChatMessages(room: ChatRoom, id: number, after: number, signal?: AbortSignal) {
  return api('chatMessages', { params: { room, id }, query: after > 0 ? { after } : {}, signal });
}

/** A post to the room, with the programme's id under the room's field. */
export function postChatMessage(room: ChatRoom, id: number, name: string, message: string): Promise<ChatMessage> {
  const programme = room === 'teleprogram' ? { teleprogram_id: id } : { radioprogram_id: id };
  return api('chatPost', { params: { room, id }, body: { ...programme, name, message } });
}
