// Chat moderation: both rooms side by side (one above the other on a phone), new messages coming
// in by themselves; a hidden message disappears for visitors but stays here, greyed, to be returned.
import type { ChatRoom, StudioChatMessage } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { PageHeader } from '../../components/page-header.tsx';
import { useToast } from '../../components/toasts.tsx';
import { problemOf } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { chatKept, chatRoomQuery, chatRooms, useHideMessage, useShowMessage } from './api.ts';
import './chat.css';

/** How close to the end (px) still counts as reading the newest messages. */
const followSlack = 48;

function ChatMessageItem({ message }: { message: StudioChatMessage }) {
  const hide = useHideMessage();
  const show = useShowMessage();
  const toast = useToast();
  const busy = hide.isPending || show.isPending;
  const failed = (error: unknown): void => {
    toast(problemOf(error), true);
  };
  return (
    <li className={message.hidden ? 'chat-message chat-message--hidden' : 'chat-message'}>
      <div className="chat-message__body">
        <div className="chat-message__meta">
          <time dateTime={message.at}>{formatDateTime(message.at)}</time>
          <strong className="chat-message__name">{message.name}</strong>
          {message.hidden ? <span className="badge badge--warn">Скрыто</span> : null}
        </div>
        <p className="chat-message__text">{message.message}</p>
      </div>
      {message.hidden ? (
        <button
          type="button"
          className="button button--small"
          disabled={busy}
          onClick={() => {
            show.mutate(message.id, {
              onSuccess: () => {
                toast('Сообщение снова видно зрителям');
              },
              onError: failed,
            });
          }}
        >
          Вернуть<span className="visually-hidden"> сообщение от {message.name}</span>
        </button>
      ) : (
        <button
          type="button"
          className="button button--small"
          disabled={busy}
          onClick={() => {
            hide.mutate(message.id, {
              onSuccess: () => {
                toast('Сообщение скрыто');
              },
              onError: failed,
            });
          }}
        >
          Скрыть<span className="visually-hidden"> сообщение от {message.name}</span>
        </button>
      )}
    </li>
  );
}

function ChatRoomPanel({ room, title }: { room: ChatRoom; title: string }) {
  const headingId = useId();
  const messages = useQuery(chatRoomQuery(room));
  const logRef = useRef<HTMLDivElement>(null);
  // Off once the moderator scrolls up to read, so new messages do not pull the list away.
  const [following, setFollowing] = useState(true);
  useLayoutEffect(() => {
    const log = logRef.current;
    if (following && log !== null) log.scrollTop = log.scrollHeight;
  }, [messages.data, following]);
  const list = messages.data ?? [];
  return (
    <section className="panel chat-room" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {messages.isError ? (
        <p className="alert" role="alert">
          {problemOf(messages.error)}
        </p>
      ) : null}
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
                <ChatMessageItem key={message.id} message={message} />
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
    </section>
  );
}

export default function ChatPage() {
  return (
    <>
      <PageHeader
        title="Чат"
        about={`Новые сообщения появляются сами. Скрытое сообщение пропадает у зрителей, а здесь остаётся — его можно вернуть. В списке — последние ${String(chatKept)} сообщений.`}
      />
      <div className="grid-2 chat-rooms">
        {chatRooms.map(({ room, title }) => (
          <ChatRoomPanel key={room} room={room} title={title} />
        ))}
      </div>
    </>
  );
}
