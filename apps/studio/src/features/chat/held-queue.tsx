// The review queue: posts the word list holds, of both rooms, oldest first. An approved one shows
// to visitors in its place; a rejected one stays hidden (and can still be shown from its room).
import { useQuery } from '@tanstack/react-query';
import { heldQuery } from './api.ts';
import { useBanDialog } from './ban-dialog.tsx';
import { ListPanel } from './list-panel.tsx';
import { ChatMessageItem } from './message-item.tsx';

export function HeldQueue() {
  const held = useQuery(heldQuery);
  const { ban, dialog } = useBanDialog();
  const waiting = held.data?.length ?? 0;
  return (
    <>
      <ListPanel
        title={waiting === 0 ? 'На проверке' : `На проверке (${String(waiting)})`}
        query={held}
        empty="Сообщений, ждущих проверки, нет."
      >
        {(list, headingId) => (
          <ol className="chat-room__list chat-queue" aria-labelledby={headingId}>
            {list.map((message) => (
              <ChatMessageItem key={message.id} message={message} onBan={ban} showRoom />
            ))}
          </ol>
        )}
      </ListPanel>
      {dialog}
    </>
  );
}
