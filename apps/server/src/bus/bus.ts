// Messages between the nodes of a site: in-process by default, Redis pub/sub with REDIS_URL.
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

export type BusHandler = (message: string) => void;

export interface Bus {
  /** Resolves at once and never rejects: nothing a visitor does waits on the bus. */
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handler: BusHandler): Promise<void>;
  close(): Promise<void>;
  /** Redis's only: whether both its connections are up now. */
  reachable?: () => boolean;
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

/** Where the bus reports that Redis went away and came back: once each time, not per message. */
export interface BusLog {
  warn(message: string): void;
  info(message: string): void;
}

const processLog: BusLog = {
  warn: (message) => {
    process.emitWarning(message);
  },
  info: (message) => {
    console.info(`efir: ${message}`);
  },
};

export interface RedisBusOptions {
  log?: BusLog;
  /** How long start-up waits for Redis before going on without it. */
  startWaitMs?: number;
}

/** How long a publish may take on a Redis that accepts the connection and then says nothing. */
const publishTimeoutMs = 1000;
/** How long a subscription on a connected Redis is waited for, so a publish right after reaches it. */
const subscribeWaitMs = 1000;
/** The longest pause between attempts to reach Redis: messages flow again within about this of its return. */
const reconnectEveryMs = 1000;

/** Redis's host and port for messages to the operator: a URL may carry a password. */
export function redisAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port === '' ? '6379' : parsed.port}`;
  } catch {
    return 'REDIS_URL';
  }
}

const wait = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/**
 * Redis pub/sub that the site never waits on: a publish is sent and forgotten (while Redis is
 * away it fails at once, unqueued), subscriptions are renewed by ioredis after each reconnection,
 * and a Redis that is away at start-up is connected to in the background. Meanwhile nodes notice
 * changes from the database: chat freshness and cached answers expire within seconds.
 */
export async function redisBus(url: string, options: RedisBusOptions = {}): Promise<Bus> {
  const log = options.log ?? processLog;
  const address = redisAddress(url);
  const retryStrategy = (attempt: number): number => Math.min(attempt * 100, reconnectEveryMs);
  const publisher = new Redis(url, { enableOfflineQueue: false, commandTimeout: publishTimeoutMs, retryStrategy });
  // Subscriptions asked for while Redis is away wait for it, however long that takes.
  const subscriber = new Redis(url, { maxRetriesPerRequest: null, retryStrategy });
  let closing = false;
  // Until start-up has waited for Redis, what happens is said once, at its end.
  let starting = true;
  let away = false;
  let reason = 'no answer';
  const wentAway = (error: Error): void => {
    if (closing || away) return;
    away = true;
    reason = error.message;
    if (starting) return;
    log.warn(`Redis at ${address} is unreachable (${reason}): nodes notice changes from the database until it returns`);
  };
  const cameBack = (): void => {
    if (!away || publisher.status !== 'ready' || subscriber.status !== 'ready') return;
    away = false;
    if (!starting) log.info(`Redis at ${address} is reachable again`);
  };
  for (const client of [publisher, subscriber]) {
    client.on('error', wentAway);
    client.on('ready', cameBack);
  }
  const handlers = new Map<string, BusHandler[]>();
  const deliver = (channel: string, message: string): void => {
    for (const handler of handlers.get(channel) ?? []) handler(message);
  };
  subscriber.on('message', deliver);

  const bothReady = Promise.all(
    [publisher, subscriber].map((client) => new Promise((resolve) => client.once('ready', resolve))),
  );
  const ready = await Promise.race([bothReady.then(() => true), wait(options.startWaitMs ?? 2000).then(() => false)]);
  starting = false;
  if (!ready) {
    away = true;
    log.warn(
      `Redis at ${address} is unreachable at start-up (${reason}): starting without it and connecting in the background`,
    );
  }

  return {
    reachable: () => !away && publisher.status === 'ready' && subscriber.status === 'ready',
    publish(channel, message) {
      publisher.publish(channel, message).then(cameBack, (error: unknown) => {
        wentAway(error as Error);
        // Unsent, it would not come back to this node either: this node at least hears it.
        deliver(channel, message);
      });
      return Promise.resolve();
    },
    async subscribe(channel, handler) {
      const list = handlers.get(channel);
      if (list !== undefined) {
        list.push(handler);
        return;
      }
      handlers.set(channel, [handler]);
      const subscribed = subscriber.subscribe(channel).then(() => undefined, wentAway);
      if (subscriber.status === 'ready') await Promise.race([subscribed, wait(subscribeWaitMs)]);
    },
    close() {
      closing = true;
      handlers.clear();
      publisher.disconnect();
      subscriber.disconnect();
      return Promise.resolve();
    },
  };
}

export function openBus(redisUrl: string | undefined, options: RedisBusOptions = {}): Promise<Bus> {
  return redisUrl === undefined ? Promise.resolve(inProcessBus()) : redisBus(redisUrl, options);
}
