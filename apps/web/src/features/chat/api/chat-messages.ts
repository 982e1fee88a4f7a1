import { type ChatMessage, type ChatRoom } from '@efir/contract';
import { fetchCall } from '../../../lib/api.ts';

/** GET /chat/{room}/{id}/?after=: the room's latest messages, or only those after `after`. */
export function getChatMessages(room: ChatRoom, id: number, after: number, signal?: AbortSignal) {
  const query = after > 0 ? `?after=${after}` : '';
  return fetchCall<'chatMessages'>(`/chat/${room}/${id}/${query}`, signal ? { signal } : {});
}

/** POST /chat/{room}/{id}/ with the programme's id under the room's field. */
export function postChatMessage(room: ChatRoom, id: number, name: string, message: string): Promise<ChatMessage> {
  const programme = room === 'teleprogram' ? { teleprogram_id: id } : { radioprogram_id: id };
  return fetchCall<'chatPost'>(`/chat/${room}/${id}/`, {
    method: 'POST',
    body: { ...programme, name, message },
  });
}
