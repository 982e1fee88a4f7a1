// The newest message id of each chat room, known without a query on most polls: posts announce
// it on the bus (to every node with Redis), and an entry older than `maxAgeMs` is read again.
import type { ChatRoom } from '@efir/contract';
import type { Bus } from '../bus/bus.ts';
import type { Db } from '../db/database.ts';
import { latestChatMessageId } from '../repositories/chat.ts';

const channel = 'efir:chat:latest';

export class ChatFreshness {
  readonly #latest = new Map<string, { id: number; at: number }>();
  readonly #db: Db;
  readonly #bus: Bus;
  readonly #maxAgeMs: number;

  constructor(db: Db, bus: Bus, maxAgeMs = 2000) {
    this.#db = db;
    this.#bus = bus;
    this.#maxAgeMs = maxAgeMs;
  }

  async start(): Promise<void> {
    await this.#bus.subscribe(channel, (message) => {
      const [room, programmeId, id] = message.split(':');
      if (room !== undefined && programmeId !== undefined && id !== undefined) {
        this.#remember(`${room}:${programmeId}`, Number(id));
      }
    });
  }

  #remember(key: string, id: number): void {
    const known = this.#latest.get(key);
    if (known === undefined || id >= known.id) this.#latest.set(key, { id, at: Date.now() });
  }

  async latest(room: ChatRoom, programmeId: number): Promise<number> {
    const key = `${room}:${programmeId}`;
    const known = this.#latest.get(key);
    if (known !== undefined && Date.now() - known.at < this.#maxAgeMs) return known.id;
    const id = await latestChatMessageId(this.#db, room, programmeId);
    this.#latest.set(key, { id, at: Date.now() });
    return id;
  }

  async announce(room: ChatRoom, programmeId: number, id: number): Promise<void> {
    this.#remember(`${room}:${programmeId}`, id);
    await this.#bus.publish(channel, `${room}:${programmeId}:${id}`);
  }
}
