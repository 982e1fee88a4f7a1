// One chat room live: its messages (every day's, newest last) coming in by themselves, each with
// its actions and a ban of its poster. The moderation screen shows both rooms with their tools;
// the on-air desk shows one beside each channel.
import type { ChatRoom } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown } from 'lucide-react';
import { type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import { chatRoomQuery, roomTitles } from './api.ts';
import { useBanDialog } from './ban-dialog.tsx';
import { ChatMessageItem } from './message-item.tsx';
import './chat.css';
import { CallProblem } from '../../components/fields.tsx';

/** How close to the end (px) still counts as reading the newest messages. */
const followSlack = 48;

export function ChatRoomPanel({ room, tools }: { room: ChatRoom; tools?: ReactNode }) {
  const headingId = useId();
  const messages = useQuery(chatRoomQuery(room));
  const logRef = useRef<HTMLDivElement>(null);
  // Off once the moderator scrolls up to read, so new messages do not pull the list away.
  const [following, setFollowing] = useState(true);
  const { ban, dialog } = useBanDialog();
  useLayoutEffect(() => {
    const log = logRef.current;
    if (following && log !== null) log.scrollTop = log.scrollHeight;
  }, [messages.data, following]);
  const list = messages.data ?? [];
  return (
    <section className="panel chat-room" aria-labelledby={headingId}>
      <h2 id={headingId}>{roomTitles[room]}</h2>
      {tools}
      <CallProblem call={messages} />
      <div className="chat-room__frame">
        <div
          ref={logRef}
          className="chat-room__log"
          role="log"
          aria-labelledby={headingId}
          aria-busy={messages.isPending}
          tabIndex={0}
          onScroll={(event) => {
            const log = event.currentTarget;
            setFollowing(log.scrollHeight - log.scrollTop - log.clientHeight <= followSlack);
          }}
        >
          {list.length === 0 ? (
            <p className="muted chat-room__empty">{messages.isPending ? 'Загрузка…' : 'Сообщений пока нет.'}</p>
          ) : (
            <ol className="chat-room__list">
              {list.map((message) => (
                <ChatMessageItem key={message.id} message={message} onBan={ban} />
              ))}
            </ol>
          )}
        </div>
        {following ? null : (
          <button
            type="button"
            className="button button--primary chat-room__latest"
            onClick={() => {
              setFollowing(true);
            }}
          >
            <ArrowDown size={16} aria-hidden="true" />К новым сообщениям
          </button>
        )}
      </div>
      {dialog}
    </section>
  );
}
