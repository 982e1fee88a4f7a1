// Chat moderation: both rooms live side by side (one above the other on a phone), each with its
// slow mode and clearing; the review queue of held posts, the bans that hold, and the word list.
import { PageHeader } from '../../components/page-header.tsx';
import { chatKept, chatRooms } from './api.ts';
import { BanList } from './bans.tsx';
import { HeldQueue } from './held-queue.tsx';
import { ChatRoomPanel } from './room-panel.tsx';
import { RoomTools } from './room-tools.tsx';
import { WordList } from './words.tsx';

export default function ChatPage() {
  return (
    <>
      <PageHeader
        title="Чат"
        about={`Новые сообщения появляются сами. Скрытое сообщение пропадает у зрителей, а здесь остаётся — его можно вернуть. В каждом чате — последние ${String(chatKept)} сообщений.`}
      />
      <div className="grid-2 chat-rooms">
        {chatRooms.map((room) => (
          <ChatRoomPanel key={room} room={room} tools={<RoomTools room={room} />} />
        ))}
      </div>
      <div className="grid-2 chat-moderation">
        <HeldQueue />
        <BanList />
        <WordList />
      </div>
    </>
  );
}
