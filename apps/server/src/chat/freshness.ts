// What each chat room shows, known without a query on most polls: its newest message id and its
// revision (moved on by a moderator's hide, show, approval or clear). Posts announce their id on
// the bus (to every node with Redis), moderation tells every node to read the room again, and an
// entry older than `maxAgeMs` is read again anyway.
import type { ChatRoom } from '@efir/contract';
import type { Bus } from '../bus/bus.ts';
import type { Db } from '../db/database.ts';
import { chatRoomSettings } from '../repositories/chat-moderation.ts';
import { latestChatMessageId } from '../repositories/chat.ts';

/** Where a post announces its id to every node. */
export const chatPostedChannel = 'efir:chat:latest';
const moderatedChannel = 'efir:chat:moderated';

interface Known {
  latest: number;
  revision: number;
  /** When it was read from the database. */
  at: number;
}

export class ChatFreshness {
  readonly #known = new Map<string, Known>();
  /** Moves on when a room is moderated: a read begun before then does not keep its answer. */
  readonly #generation = new Map<string, number>();
  readonly #db: Db;
  readonly #bus: Bus;
  readonly #maxAgeMs: number;
  readonly #listeners: ((room: string) => void)[] = [];

  constructor(db: Db, bus: Bus, maxAgeMs = 2000) {
    this.#db = db;
    this.#bus = bus;
    this.#maxAgeMs = maxAgeMs;
  }

  async start(): Promise<void> {
    await this.#bus.subscribe(chatPostedChannel, (message) => {
      const [room, programmeId, id] = message.split(':');
      if (room !== undefined && programmeId !== undefined && id !== undefined) {
        this.#posted(`${room}:${programmeId}`, Number(id));
      }
    });
    await this.#bus.subscribe(moderatedChannel, (room) => {
      this.#forget(room);
    });
  }

  /** Told of every post and moderator's change, on this node or (with Redis) another. */
  onChange(listener: (room: string) => void): void {
    this.#listeners.push(listener);
  }

  #posted(key: string, id: number): void {
    const known = this.#known.get(key);
    // Unknown here: the next poll reads the room, post included.
    if (known !== undefined && id > known.latest) known.latest = id;
    this.#tell(key.slice(0, key.indexOf(':')));
  }

  #forget(room: string): void {
    this.#generation.set(room, (this.#generation.get(room) ?? 0) + 1);
    for (const key of this.#known.keys()) if (key.startsWith(`${room}:`)) this.#known.delete(key);
    this.#tell(room);
  }

  #tell(room: string): void {
    for (const listener of this.#listeners) listener(room);
  }

  async #read(room: ChatRoom, programmeId: number): Promise<Known> {
    const key = `${room}:${programmeId}`;
    const known = this.#known.get(key);
    if (known !== undefined && Date.now() - known.at < this.#maxAgeMs) return known;
    const generation = this.#generation.get(room) ?? 0;
    const [latest, settings] = await Promise.all([
      latestChatMessageId(this.#db, room, programmeId),
      chatRoomSettings(this.#db, room),
    ]);
    const read = { latest, revision: settings.revision, at: Date.now() };
    if ((this.#generation.get(room) ?? 0) === generation) this.#known.set(key, read);
    return read;
  }

  /** The id of the room's newest message that visitors were shown. */
  async latest(room: ChatRoom, programmeId: number): Promise<number> {
    return (await this.#read(room, programmeId)).latest;
  }

  /** Changes whenever what the room shows visitors changes: a tag for its answers. */
  async tag(room: ChatRoom, programmeId: number): Promise<string> {
    const known = await this.#read(room, programmeId);
    return `${String(known.latest)}.${String(known.revision)}`;
  }

  async announce(room: ChatRoom, programmeId: number, id: number): Promise<void> {
    this.#posted(`${room}:${programmeId}`, id);
    await this.#bus.publish(chatPostedChannel, `${room}:${programmeId}:${id}`);
  }

  /** A moderator changed what the room shows (after the change is committed). */
  async moderated(room: ChatRoom): Promise<void> {
    this.#forget(room);
    await this.#bus.publish(moderatedChannel, room);
  }
}
