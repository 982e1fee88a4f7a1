// Messages between the nodes of a site: in-process by default, Redis pub/sub with REDIS_URL.
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

export type BusHandler = (message: string) => void;

export interface Bus {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handler: BusHandler): Promise<void>;
  close(): Promise<void>;
}

export function inProcessBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(channel, message) {
      emitter.emit(channel, message);
      return Promise.resolve();
    },
    subscribe(channel, handler) {
      emitter.on(channel, handler);
      return Promise.resolve();
    },
    close() {
      emitter.removeAllListeners();
      return Promise.resolve();
    },
  };
}

export async function redisBus(url: string): Promise<Bus> {
  const options = { lazyConnect: true, maxRetriesPerRequest: 3 };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const handlers = new Map<string, BusHandler[]>();
  subscriber.on('message', (channel: string, message: string) => {
    for (const handler of handlers.get(channel) ?? []) handler(message);
  });
  return {
    async publish(channel, message) {
      await publisher.publish(channel, message);
    },
    async subscribe(channel, handler) {
      const list = handlers.get(channel);
      if (list === undefined) {
        handlers.set(channel, [handler]);
        await subscriber.subscribe(channel);
      } else {
        list.push(handler);
      }
    },
    async close() {
      handlers.clear();
      await Promise.all([publisher.quit(), subscriber.quit()]);
    },
  };
}

export function openBus(redisUrl: string | undefined): Promise<Bus> {
  return redisUrl === undefined ? Promise.resolve(inProcessBus()) : redisBus(redisUrl);
}
