// One chat message as a moderator sees it: when, who (the name and the visitor's short tag), its
// state, and what can be done with it: hide or show it, approve or reject it while it is held,
// ban its poster.
import type { StudioChatMessage } from '@efir/contract';
import { formatDateTime } from '../../lib/format.ts';
import { type MessageAction, roomTitles, useMessageAction } from './api.ts';
import { useOutcome } from './use-outcome.ts';

/** A message still waiting for review. */
const waiting = (message: StudioChatMessage): boolean => message.held && !message.hidden;

const actionWords: Record<MessageAction, { label: string; done: string }> = {
  chatMessageHide: { label: 'Скрыть', done: 'Сообщение скрыто' },
  chatMessageShow: { label: 'Вернуть', done: 'Сообщение снова видно' },
  chatMessageApprove: { label: 'Одобрить', done: 'Сообщение одобрено и видно зрителям' },
  chatMessageReject: { label: 'Отклонить', done: 'Сообщение отклонено' },
};

function actionsOf(message: StudioChatMessage): MessageAction[] {
  if (waiting(message)) return ['chatMessageApprove', 'chatMessageReject'];
  return message.hidden ? ['chatMessageShow'] : ['chatMessageHide'];
}

export function ChatMessageItem(props: {
  message: StudioChatMessage;
  onBan: (message: StudioChatMessage) => void;
  /** Names the room (the review queue holds both). */
  showRoom?: boolean;
}) {
  const { message } = props;
  const act = useMessageAction();
  const outcome = useOutcome();
  const tone = waiting(message) ? ' chat-message--held' : message.hidden ? ' chat-message--hidden' : '';
  return (
    <li className={`chat-message${tone}`}>
      <div className="chat-message__meta">
        <time dateTime={message.at}>{formatDateTime(message.at)}</time>
        <strong className="chat-message__name">{message.name}</strong>
        <span className="chat-message__tag" title="Метка гостя: у одного гостя всегда одна">
          гость #{message.visitorTag}
        </span>
        {props.showRoom === true ? <span>{roomTitles[message.room]}</span> : null}
        {waiting(message) ? <span className="badge badge--accent">На проверке</span> : null}
        {message.hidden ? <span className="badge badge--warn">{message.held ? 'Отклонено' : 'Скрыто'}</span> : null}
      </div>
      <p className="chat-message__text">{message.message}</p>
      <div className="chat-message__actions">
        {actionsOf(message).map((action) => (
          <button
            key={action}
            type="button"
            className="button button--small"
            disabled={act.isPending}
            onClick={() => {
              act.mutate({ action, id: message.id }, outcome(actionWords[action].done));
            }}
          >
            {actionWords[action].label}
            <span className="visually-hidden"> сообщение от {message.name}</span>
          </button>
        ))}
        <button
          type="button"
          className="button button--small button--ghost chat-message__ban"
          onClick={() => {
            props.onBan(message);
          }}
        >
          Забанить<span className="visually-hidden"> автора: {message.name}</span>
        </button>
      </div>
    </li>
  );
}
