// One node's event streams: it keeps the current state of each part a page may follow (read once
// a second, and at once when the bus says something changed: a chat post or a moderator's act, a
// schedule or content change on any node), and sends each change to the streams that follow it,
// as one frame built once per group of streams that follow the same topics. Every stream is at
// the current state once its first events are sent, so an event's id (the cursor: each followed
// part's version) is the same on every node, and a page that reconnects, to this node or another,
// gets only what changed since the cursor it names.
import { createHash } from 'node:crypto';
import {
  type ChatMessage,
  type ChatRoom,
  chatHistoryLength,
  type EventTopic,
  type LiveEvent,
  type LiveEventData,
  type LiveEventName,
  type Locale,
  stateEventNames,
  toLatinDeep,
} from '@efir/contract';

/** What a page's stream follows, versioned each on its own: each state part is sent as the event
 * of its name. */
export type StatePart = (typeof stateEventNames)[number];
export type ChatPart = 'chat-tv' | 'chat-radio';
export type Part = StatePart | ChatPart;

const topicParts: Record<EventTopic, readonly Part[]> = {
  tv: ['teleprogram', 'tickers', 'teleprogram-revision'],
  radio: ['radioprogram', 'radioprogram-show', 'radioprogram-revision'],
  polls: ['polls'],
  'chat-tv': ['chat-tv'],
  'chat-radio': ['chat-radio'],
};
export const statePartNames: readonly StatePart[] = stateEventNames;
export const chatParts: readonly ChatPart[] = ['chat-tv', 'chat-radio'];
/** What a content or schedule change makes the hub read at once; the polls, which every vote
 * changes, wait for the next reading (once a second). */
export const contentParts: readonly Part[] = stateEventNames.filter((part) => part !== 'polls');

/** A chat room's latest list as visitors see it. */
export interface ChatState {
  room: ChatRoom;
  id: number;
  revision: number;
  /** Oldest first, at most `chatHistoryLength`. */
  messages: ChatMessage[];
}

/** Where the hub reads the state: undefined is "nothing to show" (no day on air, say). */
export interface LiveStateReader {
  state<P extends StatePart>(part: P, t: number): Promise<LiveEventData<P> | undefined>;
  chat(part: ChatPart, t: number): Promise<ChatState | undefined>;
}

/** An event ready to send: its name and its data as JSON, in the Latin script too once asked for. */
interface Outgoing {
  name: LiveEventName;
  data: unknown;
  json: string;
  latin?: string;
}

function outgoing(name: LiveEventName, data: unknown): Outgoing {
  return { name, data, json: JSON.stringify(data) };
}

function jsonIn(event: Outgoing, locale: Locale): string {
  if (locale === 'ru-cyrl') return event.json;
  event.latin ??= JSON.stringify(toLatinDeep(event.data));
  return event.latin;
}

interface Known {
  version: string;
  /** The event that brings a page from nothing to this state. */
  frame: Outgoing | undefined;
  chat?: ChatState;
}

interface Stream {
  parts: readonly Part[];
  locale: Locale;
  /** Streams of one group get the same frames. */
  group: string;
  send: (frame: string) => void;
}

const none: Known = { version: '-', frame: undefined };

function digest(json: string): string {
  return createHash('sha1').update(json).digest('base64url').slice(0, 10);
}

const chatVersion = (chat: ChatState): string =>
  `${String(chat.id)}/${String(chat.messages.at(-1)?.id ?? 0)}/${String(chat.revision)}`;

function chatEvent(chat: ChatState, change: Omit<LiveEventData<'chat'>, 'room' | 'id'>): LiveEvent {
  return { name: 'chat', data: { room: chat.room, id: chat.id, ...change } };
}

const replaceWith = (chat: ChatState): LiveEvent =>
  chatEvent(chat, { replace: true, messages: chat.messages, removed: [] });

/** What brings a page that had `before` to `after`: new messages and hidden ones, else the list. */
export function chatChange(before: ChatState | undefined, after: ChatState): LiveEvent | undefined {
  if (before === undefined || before.id !== after.id || before.room !== after.room) return replaceWith(after);
  const had = new Set(before.messages.map((message) => message.id));
  const has = new Set(after.messages.map((message) => message.id));
  const added = after.messages.filter((message) => !had.has(message.id));
  const oldest = after.messages[0]?.id ?? Number.POSITIVE_INFINITY;
  const full = after.messages.length >= chatHistoryLength;
  // Messages that only slid out of a full list are not hidden ones.
  const removed = [...had].filter((id) => !has.has(id) && (!full || id >= oldest));
  if (added.length === 0 && removed.length === 0) return undefined;
  // A message shown again among older ones (a moderator's "show"): the page takes the list.
  const newest = before.messages.at(-1)?.id ?? 0;
  if (added.some((message) => message.id < newest)) return replaceWith(after);
  return chatEvent(after, { replace: false, messages: added, removed });
}

/** What a page whose cursor named `version` for this room needs: nothing, what came since, or the list. */
function chatCatchUp(version: string | undefined, chat: ChatState): LiveEvent | undefined {
  const [id, latest, revision] = (version ?? '').split('/').map(Number);
  if (id !== chat.id || revision !== chat.revision || latest === undefined || Number.isNaN(latest))
    return replaceWith(chat);
  const messages = chat.messages.filter((message) => message.id > latest);
  if (messages.length === 0) return undefined;
  // A full list that starts after what the page had may have left some out.
  const joins = chat.messages.length < chatHistoryLength || chat.messages.some((message) => message.id <= latest);
  return joins ? chatEvent(chat, { replace: false, messages, removed: [] }) : replaceWith(chat);
}

/** A cursor as sent in an event's id: `part=version` for each part a stream follows. */
export function readCursor(text: string | undefined): Map<string, string> {
  const cursor = new Map<string, string>();
  for (const entry of (text ?? '').split(',')) {
    const at = entry.indexOf('=');
    if (at > 0) cursor.set(entry.slice(0, at), entry.slice(at + 1));
  }
  return cursor;
}

export interface EventHubOptions {
  reader: LiveStateReader;
  clock: () => Date;
  /** How often the state is read while any stream is open. */
  everyMs?: number;
  keepAliveMs: number;
  /** Told once when reading starts failing (the database away), and once when it works again. */
  onError: (error: unknown) => void;
  /** Reading works again after failing, for `outageMs`. */
  onRecovered: (outageMs: number) => void;
}

export class EventHub {
  readonly #options: EventHubOptions;
  readonly #known = new Map<Part, Known>();
  readonly #streams = new Set<Stream>();
  #timer: ReturnType<typeof setInterval> | undefined;
  #keepAlive: ReturnType<typeof setInterval> | undefined;
  /** Each part being read now, with its reading: a part is read once at a time, so an older
   * state never lands after a newer one, while other parts are read beside it. */
  readonly #reading = new Map<Part, Promise<unknown>>();
  /** Parts asked for while being read: read again when that reading ends. */
  readonly #again = new Set<Part>();
  #loaded: Promise<void> | undefined;
  /** Since when reading the state fails, while it does. */
  #failingSince: number | undefined;
  #closed = false;

  constructor(options: EventHubOptions) {
    this.#options = options;
  }

  get streams(): number {
    return this.#streams.size;
  }

  /** Follows `topics` from the cursor `lastEventId` (none: from nothing); answers the unsubscribe. */
  async subscribe(
    topics: readonly EventTopic[],
    locale: Locale,
    lastEventId: string | undefined,
    send: (frame: string) => void,
  ): Promise<() => void> {
    this.#start();
    this.#loaded ??= this.read();
    await this.#loaded;
    const parts = topics.flatMap((topic) => topicParts[topic]);
    const stream: Stream = { parts, locale, group: `${parts.join(',')} ${locale}`, send };
    const cursor = readCursor(lastEventId);
    const catchUp: Outgoing[] = [];
    for (const part of parts) {
      const known = this.#known.get(part) ?? none;
      if (known.chat !== undefined) {
        const event = chatCatchUp(cursor.get(part), known.chat);
        if (event !== undefined) catchUp.push(outgoing(event.name, event.data));
      } else if (known.frame !== undefined && cursor.get(part) !== known.version) {
        catchUp.push(known.frame);
      }
    }
    const id = this.#cursorOf(parts);
    for (const event of catchUp) send(frameOf(id, event.name, jsonIn(event, locale)));
    this.#streams.add(stream);
    return () => {
      this.#streams.delete(stream);
      if (this.#streams.size === 0) this.#stop();
    };
  }

  /** Reads the state again now (what the bus says changed); `parts` narrows it. A part already
   * being read is read again after that reading, and the other parts at once: a chat post is not
   * held behind the once-a-second reading of the whole state. */
  read(parts: readonly Part[] = [...statePartNames, ...chatParts]): Promise<void> {
    if (this.#closed) return Promise.resolve();
    const waits = new Set<Promise<unknown>>();
    const free: Part[] = [];
    for (const part of parts) {
      const reading = this.#reading.get(part);
      if (reading === undefined) {
        free.push(part);
      } else {
        this.#again.add(part);
        waits.add(reading);
      }
    }
    if (free.length > 0) waits.add(this.#readNow(free));
    return Promise.all(waits).then(() => undefined);
  }

  /**
   * Ends every stream (the node is closing): pages reconnect, to another node if there is one.
   * Settles when a reading under way has ended, so the database can be closed after it.
   */
  async close(): Promise<void> {
    this.#closed = true;
    this.#stop();
    this.#streams.clear();
    await Promise.all(new Set(this.#reading.values()));
  }

  /** Reads each part on its own, telling its streams as soon as it is read; then says whether
   * reading fails (the database away) or works again. */
  async #readNow(parts: readonly Part[]): Promise<void> {
    const t = this.#options.clock().getTime();
    const failures = await Promise.all(
      parts.map((part) => {
        const reading = this.#readPart(part, t).finally(() => {
          this.#reading.delete(part);
          if (this.#again.delete(part)) void this.read([part]);
        });
        this.#reading.set(part, reading);
        return reading;
      }),
    );
    // A closing node's reading fails as its database closes: nothing to tell.
    if (this.#closed) return;
    const failure = failures.find((error) => error !== undefined);
    if (failure !== undefined && this.#failingSince === undefined) {
      this.#failingSince = t;
      this.#options.onError(failure.error);
    }
    if (failure === undefined && this.#failingSince !== undefined) {
      this.#options.onRecovered(this.#options.clock().getTime() - this.#failingSince);
      this.#failingSince = undefined;
    }
  }

  /** Reads one part and tells its streams what changed; answers its error, if reading failed. */
  async #readPart(part: Part, t: number): Promise<{ error: unknown } | undefined> {
    const { reader } = this.#options;
    let known: Known;
    try {
      if (part === 'chat-tv' || part === 'chat-radio') {
        const chat = await reader.chat(part, t);
        known = chat === undefined ? none : { version: chatVersion(chat), frame: undefined, chat };
      } else {
        const data = await reader.state(part, t);
        if (data === undefined) {
          known = none;
        } else {
          const frame = outgoing(part, data);
          known = { version: digest(frame.json), frame };
        }
      }
    } catch (error) {
      // The last state known stays; streams stay open and the next reading tries again.
      return { error };
    }
    if (!this.#closed) this.#update(part, known);
    return undefined;
  }

  #update(part: Part, next: Known): void {
    const before = this.#known.get(part) ?? none;
    if (before.version === next.version) return;
    this.#known.set(part, next);
    let event: Outgoing | undefined = next.frame;
    if (next.chat !== undefined) {
      const change = chatChange(before.chat, next.chat);
      event = change === undefined ? undefined : outgoing(change.name, change.data);
    }
    if (event === undefined) return;
    const frames = new Map<string, string>();
    for (const stream of this.#streams) {
      if (!stream.parts.includes(part)) continue;
      let frame = frames.get(stream.group);
      if (frame === undefined) {
        frame = frameOf(this.#cursorOf(stream.parts), event.name, jsonIn(event, stream.locale));
        frames.set(stream.group, frame);
      }
      stream.send(frame);
    }
  }

  #cursorOf(parts: readonly Part[]): string {
    return parts.map((part) => `${part}=${(this.#known.get(part) ?? none).version}`).join(',');
  }

  #start(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setInterval(() => void this.read(), this.#options.everyMs ?? 1000);
    this.#keepAlive = setInterval(() => {
      for (const stream of this.#streams) stream.send(': keep-alive\n\n');
    }, this.#options.keepAliveMs);
  }

  #stop(): void {
    clearInterval(this.#timer);
    clearInterval(this.#keepAlive);
    this.#timer = undefined;
    this.#keepAlive = undefined;
    // With no stream to tell, what is known ages: the next first stream reads it again.
    this.#loaded = undefined;
  }
}

function frameOf(id: string, name: LiveEventName, json: string): string {
  return `id: ${id}\nevent: ${name}\ndata: ${json}\n\n`;
}
