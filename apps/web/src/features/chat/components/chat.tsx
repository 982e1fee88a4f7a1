import {
  type ChatMessage,
  type ChatRoom,
  chatInputMaxUnits,
  chatMessageMaxLength,
  chatNameMaxLength,
  chatWordRefusal,
} from '@efir/contract';
import { Send } from 'lucide-react';
import { type SyntheticEvent, useEffect, useMemo, useRef, useState } from 'react';
import { afterPaint } from '../../../lib/after-paint.ts';
import { ApiError } from '../../../lib/api.ts';
import {
  applyChatChange,
  chatView,
  type OwnPost,
  ownAfterChange,
  pendingOwn,
  reconcileRoom,
} from '../../../lib/chat-list.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { onChatEvent, useLiveTopic } from '../../../lib/live-events.ts';
import { chatInputProblem, chatProblemValues } from '../../../lib/live.ts';
import { readStored, writeStored } from '../../../lib/storage.ts';
import { getChatMessages, postChatMessage } from '../api/chat-messages.ts';
import './chat.css';

const refreshMs = 2000;
/** Closer than this to the bottom, the list follows new messages. */
const followSlackPx = 48;

/** The chat beside a stream (SPEC §4): a visitor without a nickname first sees only the nickname
 * form; with one, the messages (pushed by the page's event stream, new and hidden ones; without
 * it refreshed every 2 s, so one a moderator hid goes too) and the post form. The box keeps one size in every state, so nothing around it moves when it fills in. */
export function Chat({ room, id }: { room: ChatRoom; id: number }) {
  const { t } = useI18n();
  const [nickname, setNickname] = useState(() => readStored('nickname') ?? '');
  const [editing, setEditing] = useState(nickname === '');
  const save = (name: string): void => {
    writeStored('nickname', name);
    setNickname(name);
    setEditing(false);
  };
  return (
    <section className="chat" aria-label={t('chat.title')}>
      <h2 className="chat__title">{t('chat.title')}</h2>
      {nickname === '' ? (
        <div className="chat__welcome">
          <p>{t('chat.introduce')}</p>
          <NicknameForm initial="" onSave={save} />
        </div>
      ) : (
        <>
          <ChatMessages room={room} id={id} />
          {editing ? (
            <NicknameForm initial={nickname} onSave={save} />
          ) : (
            <PostForm
              room={room}
              id={id}
              nickname={nickname}
              onChangeName={() => {
                setEditing(true);
              }}
            />
          )}
        </>
      )}
    </section>
  );
}

/** A posted message reaches the list through a window event, so it shows at once. */
const postedEvent = 'efir:chat-posted';

function ChatMessages({ room, id }: { room: ChatRoom; id: number }) {
  const { t } = useI18n();
  const [roomMessages, setRoomMessages] = useState<readonly ChatMessage[]>([]);
  const [own, setOwn] = useState<readonly OwnPost[]>([]);
  const [loaded, setLoaded] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const follow = useRef(true);
  const messages = useMemo(() => chatView(roomMessages, own), [roomMessages, own]);
  const pushed = useLiveTopic(room === 'teleprogram' ? 'chat-tv' : 'chat-radio');
  const pushedNow = useRef(pushed);
  useEffect(() => {
    pushedNow.current = pushed;
  }, [pushed]);

  useEffect(() => {
    let cancelled = false;
    // A slow answer overtaken by a newer one is not applied over it.
    let appliedAt = 0;
    const controller = new AbortController();
    const refresh = async (): Promise<void> => {
      const askedAt = performance.now();
      try {
        const latest = await getChatMessages(room, id, controller.signal);
        if (cancelled || askedAt < appliedAt) return;
        appliedAt = askedAt;
        setRoomMessages((shown) => reconcileRoom(shown, latest));
        setOwn((posts) => pendingOwn(posts, latest, askedAt));
      } catch (error) {
        if (!cancelled) console.error(error);
      } finally {
        if (!cancelled) setLoaded(true);
      }
    };
    // The stream follows the room of the channel's day on air: this room's changes, once they
    // come, stand in for the polls while the stream works.
    let roomPushed = false;
    const stopHearing = onChatEvent((change) => {
      if (change.room !== room || change.id !== id) return;
      roomPushed = true;
      appliedAt = performance.now();
      setRoomMessages((shown) => applyChatChange(shown, change));
      setOwn((posts) => ownAfterChange(posts, change));
      setLoaded(true);
    });
    void refresh();
    const timer = window.setInterval(() => {
      if (!(roomPushed && pushedNow.current)) void refresh();
    }, refreshMs);
    const onPosted = (event: Event): void => {
      const post = (event as CustomEvent<OwnPost>).detail;
      setOwn((posts) => [...posts, post]);
    };
    window.addEventListener(postedEvent, onPosted);
    return () => {
      cancelled = true;
      controller.abort();
      window.clearInterval(timer);
      stopHearing();
      window.removeEventListener(postedEvent, onPosted);
    };
  }, [room, id]);

  useEffect(
    // After the new messages are painted: reading the list's height then costs no extra layout.
    () =>
      afterPaint(() => {
        const list = listRef.current;
        if (list !== null && follow.current) list.scrollTop = list.scrollHeight;
      }),
    [messages],
  );

  return (
    <ol
      ref={listRef}
      className="chat__messages"
      aria-label={t('chat.messages')}
      aria-live="polite"
      tabIndex={0}
      onScroll={(event) => {
        const list = event.currentTarget;
        follow.current = list.scrollHeight - list.scrollTop - list.clientHeight < followSlackPx;
      }}
    >
      {loaded && messages.length === 0 ? <li className="chat__empty">{t('chat.empty')}</li> : null}
      {messages.map(({ message, held }) => (
        <li key={message.id} className={held ? 'chat__message chat__message--held' : 'chat__message'}>
          <span className="chat__name">{message.name}</span> <span className="chat__text">{message.message}</span>
          {held ? <span className="chat__held">{t('chat.held')}</span> : null}
        </li>
      ))}
    </ol>
  );
}

/** A form's problem, read out as it appears; its field names it as its description. */
function Problem({ id, problem }: { id: string; problem: string | undefined }) {
  if (problem === undefined) return null;
  return (
    <p id={id} className="chat__problem" role="alert">
      {problem}
    </p>
  );
}

function NicknameForm({ initial, onSave }: { initial: string; onSave: (name: string) => void }) {
  const { t } = useI18n();
  const [name, setName] = useState(initial);
  const [problem, setProblem] = useState<string>();
  const submit = (event: SyntheticEvent): void => {
    event.preventDefault();
    const found = chatInputProblem(name);
    if (found !== undefined) {
      setProblem(t(`chat.${found}`, chatProblemValues(found)));
      return;
    }
    onSave(name.trim());
  };
  return (
    <form className="chat__form" onSubmit={submit} noValidate>
      <label className="chat__label" htmlFor="chat-nickname">
        {t('chat.nickname')}
      </label>
      <div className="chat__row">
        <input
          id="chat-nickname"
          type="text"
          className="chat__input"
          value={name}
          maxLength={chatInputMaxUnits(chatNameMaxLength)}
          autoComplete="nickname"
          aria-invalid={problem !== undefined}
          aria-describedby={problem === undefined ? undefined : 'chat-nickname-problem'}
          onChange={(event) => {
            setName(event.target.value);
            setProblem(undefined);
          }}
        />
        <button type="submit" className="button">
          {t('chat.nickname_save')}
        </button>
      </div>
      <Problem id="chat-nickname-problem" problem={problem} />
    </form>
  );
}

/** A ban's end as the visitor's clock reads it: digits, the same in either script. */
const untilFormat = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeStyle: 'short' });
/** The longest wait a browser timer takes; a longer refusal is looked at again then. */
const longestTimerMs = 2 ** 31 - 1;

function PostForm(props: { room: ChatRoom; id: number; nickname: string; onChangeName: () => void }) {
  const { t } = useI18n();
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string>();
  const [sending, setSending] = useState(false);
  /** Until when the server refuses this visitor's posts (a ban: for good when endless), as it said. */
  const [refused, setRefused] = useState<{ until: number; banned: boolean }>();
  useEffect(() => {
    if (refused === undefined || !Number.isFinite(refused.until)) return;
    const timer = setTimeout(
      () => {
        if (Date.now() < refused.until) {
          setRefused({ ...refused });
          return;
        }
        setRefused(undefined);
        setProblem(undefined);
      },
      Math.min(Math.max(0, refused.until - Date.now()), longestTimerMs),
    );
    return () => {
      clearTimeout(timer);
    };
  }, [refused]);
  const submit = async (event: SyntheticEvent): Promise<void> => {
    event.preventDefault();
    const found = chatInputProblem(props.nickname, message);
    if (found !== undefined) {
      setProblem(t(`chat.${found}`, chatProblemValues(found)));
      return;
    }
    setSending(true);
    try {
      const { held, ...posted } = await postChatMessage(props.room, props.id, props.nickname, message);
      const detail: OwnPost = { message: posted, held: held === true, at: performance.now() };
      window.dispatchEvent(new CustomEvent(postedEvent, { detail }));
      setMessage('');
      setProblem(undefined);
    } catch (error) {
      console.error(error);
      if (error instanceof ApiError && error.status === 429) {
        const seconds = error.retryAfterSeconds;
        if (seconds === undefined) setProblem(t('chat.too_fast'));
        else {
          setProblem(t('chat.wait', { seconds: String(seconds) }));
          setRefused({ until: Date.now() + seconds * 1000, banned: false });
        }
      } else if (error instanceof ApiError && error.status === 403) {
        const { until } = error;
        setProblem(
          until === undefined
            ? t('chat.banned')
            : t('chat.banned_until', { until: untilFormat.format(new Date(until)) }),
        );
        setRefused({ until: until === undefined ? Infinity : Date.parse(until), banned: true });
      } else if (error instanceof ApiError && error.detail === chatWordRefusal) setProblem(t('chat.refused_word'));
      else if (error instanceof ApiError && error.status === 400) {
        setProblem(t('chat.invalid', { detail: error.detail ?? '' }));
      } else setProblem(t('chat.failed'));
    } finally {
      setSending(false);
    }
  };
  return (
    <form className="chat__form" onSubmit={(event) => void submit(event)} noValidate>
      <p className="chat__as">
        {t('chat.as', { name: props.nickname })}{' '}
        <button type="button" className="chat__link" onClick={props.onChangeName}>
          {t('chat.change_name')}
        </button>
      </p>
      <label className="visually-hidden" htmlFor={`chat-message-${props.room}`}>
        {t('chat.message')}
      </label>
      <div className="chat__row">
        <input
          id={`chat-message-${props.room}`}
          className="chat__input"
          value={message}
          placeholder={t('chat.message')}
          maxLength={chatInputMaxUnits(chatMessageMaxLength)}
          autoComplete="off"
          aria-invalid={problem !== undefined}
          aria-describedby={problem === undefined ? undefined : 'chat-message-problem'}
          disabled={refused?.banned === true}
          onChange={(event) => {
            setMessage(event.target.value);
            // A refusal that still holds stays said: the send waits for it.
            if (refused === undefined) setProblem(undefined);
          }}
        />
        <button type="submit" className="button chat__send" disabled={sending || refused !== undefined}>
          <Send aria-hidden="true" size={18} />
          <span>{t('chat.send')}</span>
        </button>
      </div>
      <Problem id="chat-message-problem" problem={problem} />
    </form>
  );
}
