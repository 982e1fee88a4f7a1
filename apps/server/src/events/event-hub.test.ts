import type { ChatMessage } from '@efir/contract';
import { chatHistoryLength } from '@efir/contract';
import { describe, expect, it } from 'vitest';
import { type ChatState, EventHub, chatChange, readCursor } from './event-hub.ts';

const message = (id: number): ChatMessage => ({ id, name: 'Зритель', message: `№${String(id)}`, date_added: '' });
const room = (ids: number[], revision = 0, id = 4): ChatState => ({
  room: 'teleprogram',
  id,
  revision,
  messages: ids.map(message),
});

describe('chatChange', () => {
  it('sends new messages alone', () => {
    expect(chatChange(room([1, 2]), room([1, 2, 5, 7]))?.data).toMatchObject({
      replace: false,
      messages: [message(5), message(7)],
      removed: [],
    });
  });

  it('sends a hidden message as removed, and one that only slid out of a full list as nothing', () => {
    expect(chatChange(room([1, 2, 3]), room([1, 3], 1))?.data).toMatchObject({ replace: false, removed: [2] });
    const full = Array.from({ length: chatHistoryLength }, (_, index) => index + 1);
    const slid = chatChange(room(full), room([...full.slice(1), 99]));
    expect(slid?.data).toMatchObject({ replace: false, messages: [message(99)], removed: [] });
  });

  it('sends the whole list for a new room, a new day, or a message shown again among older ones', () => {
    expect(chatChange(undefined, room([1]))?.data).toMatchObject({ replace: true, messages: [message(1)] });
    expect(chatChange(room([1]), room([2], 0, 5))?.data).toMatchObject({ replace: true, id: 5 });
    expect(chatChange(room([1, 3]), room([1, 2, 3], 1))?.data).toMatchObject({ replace: true });
  });

  it('sends nothing when the list is the same', () => {
    expect(chatChange(room([1, 2]), room([1, 2], 1))).toBeUndefined();
  });
});

describe('readCursor', () => {
  it('reads each part and its version, and ignores what is not one', () => {
    expect(Object.fromEntries(readCursor('teleprogram=ab-C_1,chat-tv=4/10/2,junk,=x'))).toEqual({
      teleprogram: 'ab-C_1',
      'chat-tv': '4/10/2',
    });
    expect(readCursor(undefined).size).toBe(0);
  });
});

describe('EventHub.close', () => {
  it('settles after the reading under way, which then fails untold, and reads no more', async () => {
    let reads = 0;
    let release: () => void = () => undefined;
    const closed = new Promise<void>((resolve) => {
      release = resolve;
    });
    const errors: unknown[] = [];
    const hub = new EventHub({
      reader: {
        state: async () => {
          reads += 1;
          await closed;
          throw new Error('the pool is closed');
        },
        chat: () => Promise.resolve(undefined),
      },
      clock: () => new Date(),
      keepAliveMs: 60_000,
      onError: (error) => errors.push(error),
      onRecovered: () => undefined,
    });
    const reading = hub.read();
    let settled = false;
    const closing = hub.close().then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    release();
    await Promise.all([reading, closing]);
    expect(settled).toBe(true);
    const before = reads;
    await hub.read();
    expect(reads).toBe(before);
    expect(errors).toEqual([]);
  });
});

describe('EventHub outages', () => {
  it('are told once when reading begins to fail and once when it works again, with how long it failed', async () => {
    let now = Date.parse('2030-01-01T12:00:00Z');
    let failing = true;
    const errors: unknown[] = [];
    const recovered: number[] = [];
    const hub = new EventHub({
      reader: {
        state: () => (failing ? Promise.reject(new Error('connect ECONNREFUSED')) : Promise.resolve(undefined)),
        chat: () => Promise.resolve(undefined),
      },
      clock: () => new Date(now),
      keepAliveMs: 60_000,
      onError: (error) => errors.push(error),
      onRecovered: (outageMs) => recovered.push(outageMs),
    });
    for (let second = 0; second < 30; second += 1) {
      await hub.read();
      now += 1000;
    }
    expect(errors).toHaveLength(1);
    expect(recovered).toEqual([]);
    failing = false;
    await hub.read();
    await hub.read();
    expect(errors).toHaveLength(1);
    expect(recovered).toEqual([30_000]);
    await hub.close();
  });
});

describe('EventHub readings', () => {
  it('tell a chat post at once while a reading of the state is held, and read a part asked for again after its reading', async () => {
    let release: () => void = () => undefined;
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = false;
    let chatReads = 0;
    let messages = [1];
    const hub = new EventHub({
      reader: {
        state: async () => {
          if (held) await hold;
          return undefined;
        },
        chat: (part) => {
          chatReads += 1;
          return Promise.resolve(part === 'chat-tv' ? room(messages) : undefined);
        },
      },
      clock: () => new Date(),
      everyMs: 3_600_000,
      keepAliveMs: 3_600_000,
      onError: () => undefined,
      onRecovered: () => undefined,
    });
    const frames: string[] = [];
    const unsubscribe = await hub.subscribe(['chat-tv'], 'ru-cyrl', undefined, (frame) => frames.push(frame));
    expect(frames.join('')).toContain('№1');

    held = true;
    const whole = hub.read();
    messages = [1, 2];
    await hub.read(['chat-tv']);
    expect(frames.join('')).toContain('№2');

    // Asked for while being read: read once more when that reading ends, and only that part.
    const readsBefore = chatReads;
    messages = [1, 2, 3];
    const chatReading = hub.read(['chat-tv']);
    const asked = hub.read(['chat-tv']);
    await Promise.all([chatReading, asked]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(chatReads - readsBefore).toBe(2);
    expect(frames.join('')).toContain('№3');

    release();
    await whole;
    unsubscribe();
    await hub.close();
  });
});
