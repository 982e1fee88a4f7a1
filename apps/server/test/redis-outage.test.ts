// Redis is optional at every moment: two nodes of the site on one database and a Redis of the
// test's own, which the test stops and starts. Posts and votes never wait on it, other nodes
// notice changes from the database meanwhile, and messages flow again when it returns.
import { apiUrl } from '@efir/contract';
import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bus, type BusLog, openBus, redisAddress } from '../src/bus/bus.ts';
import type { Database } from '../src/db/database.ts';
import { createSiteMetrics } from '../src/metrics/site-metrics.ts';
import { chatMessages } from '../src/repositories/chat.ts';
import { findPoll } from '../src/repositories/showcase.ts';
import { buildTestSite } from './app.ts';
import { testDatabase } from './database.ts';
import { portIsFree } from './free-port.ts';

/** The ports the tests of this repository may give their own Redis. */
const ports = { first: 6390, last: 6399 };

const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      resolve(false);
    });
  });
}

/** A redis-server of the test's own, on the first free port of the tests' range. */
class OwnRedis {
  #server: ChildProcess | undefined;
  readonly port: number;

  constructor(port: number) {
    this.port = port;
  }

  get url(): string {
    return `redis://127.0.0.1:${String(this.port)}`;
  }

  async start(): Promise<void> {
    const server = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    this.#server = server;
    const deadline = Date.now() + 10_000;
    while (!(await accepts(this.port))) {
      if (server.exitCode !== null || Date.now() > deadline)
        throw new Error(`redis-server on ${String(this.port)} did not start`);
      await sleep(50);
    }
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (server === undefined || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
}

async function startOwnRedis(): Promise<OwnRedis> {
  for (let port = ports.first; port <= ports.last; port += 1) {
    if (!(await portIsFree(port))) continue;
    const redis = new OwnRedis(port);
    try {
      await redis.start();
      return redis;
    } catch {
      await redis.stop();
    }
  }
  throw new Error(`no free port for redis-server in ${String(ports.first)}–${String(ports.last)}`);
}

/** What a bus told the operator. */
function recordingLog(): BusLog & { warnings: string[]; notes: string[] } {
  const warnings: string[] = [];
  const notes: string[] = [];
  return { warnings, notes, warn: (message) => warnings.push(message), info: (message) => notes.push(message) };
}

interface Node {
  app: FastifyInstance;
  bus: Bus;
  log: ReturnType<typeof recordingLog>;
}

let redis: OwnRedis;
let database: Database;
const nodes: Node[] = [];
/** What node B heard on a channel it subscribed to before any outage. */
const beforeOutage: string[] = [];
const busB = (): Bus => nodes[1]!.bus;

async function startNode(): Promise<Node> {
  const log = recordingLog();
  const bus = await openBus(redis.url, { log });
  const app = await buildTestSite(database.db, bus);
  await app.ready();
  return { app, bus, log };
}

beforeAll(async () => {
  redis = await startOwnRedis();
  database = await testDatabase('pglite', 'seeded');
  nodes.push(await startNode(), await startNode());
  await busB().subscribe('efir:test:before-outage', (message) => beforeOutage.push(message));
});

afterAll(async () => {
  // The server first: nothing that fails below may leave it running.
  await redis.stop();
  for (const node of nodes) {
    await node.app.close();
    await node.bus.close();
  }
  await database.close();
});

async function timedInject(app: FastifyInstance, options: InjectOptions) {
  const started = performance.now();
  const response = await app.inject(options);
  return { response, ms: performance.now() - started };
}

/** Node's answer to a chat poll that says which messages it has (If-None-Match). */
const chatPoll = (node: Node, etag: unknown) =>
  node.app.inject({
    url: apiUrl('chatMessages', { params: { room: 'teleprogram', id: 4 } }),
    headers: { 'if-none-match': String(etag) },
  });

/** Node A's `efir_redis_up` as its Prometheus would read it. */
async function redisUpOnA(): Promise<string> {
  const metrics = createSiteMetrics();
  metrics.read({ redisUp: nodes[0]!.bus.reachable });
  return (await metrics.registry.getSingleMetricAsString('efir_redis_up')).split('\n').at(-1) ?? '';
}

const unreachable = (log: { warnings: string[] }): string[] =>
  log.warnings.filter((warning) => warning.includes('unreachable'));

describe('a Redis outage', () => {
  it('a chat post and a poll vote answer at once and are stored once; the other node sees them from the database', async () => {
    const [nodeA, nodeB] = nodes as [Node, Node];
    const polls = (await nodeB.app.inject({ url: apiUrl('polls') })).json<{ id: number; otvet_1: number }[]>();
    const poll = polls[0]!;
    // The other node has both answers in memory already, as on a busy site.
    const chat = await nodeB.app.inject({ url: apiUrl('chatMessages', { params: { room: 'teleprogram', id: 4 } }) });
    expect(await redisUpOnA()).toBe('efir_redis_up 1');
    await redis.stop();

    const text = `Redis молчит ${String(Date.now())}`;
    const post = await timedInject(nodeA.app, {
      method: 'POST',
      url: apiUrl('chatMessages', { params: { room: 'teleprogram', id: 4 } }),
      headers: { 'user-agent': 'redis outage poster' },
      payload: { name: 'Зритель', message: text },
    });
    expect(post.response.statusCode).toBe(201);
    expect(post.ms).toBeLessThan(1000);
    const vote = await timedInject(nodeA.app, {
      method: 'PUT',
      url: apiUrl('pollVote', { params: { id: poll.id } }),
      headers: { 'user-agent': 'redis outage voter' },
      payload: { otvet_1: true },
    });
    expect(vote.response.statusCode).toBe(200);
    expect(vote.ms).toBeLessThan(1000);

    const stored = await chatMessages(database.db, 'teleprogram', 4, undefined);
    expect(stored.filter((message) => message.message === text)).toHaveLength(1);
    expect((await findPoll(database.db, poll.id))?.votes1).toBe(poll.otvet_1 + 1);

    // The other node hears nothing from Redis, and notices both from the database within seconds:
    // its chat's ETag changes, and its cached poll answer expires.
    await expect.poll(async () => (await chatPoll(nodeB, chat.headers.etag)).body, { timeout: 3000 }).toContain(text);
    await expect
      .poll(
        async () =>
          (await nodeB.app.inject({ url: apiUrl('polls') }))
            .json<{ id: number; otvet_1: number }[]>()
            .find((entry) => entry.id === poll.id)?.otvet_1,
        { timeout: 3000 },
      )
      .toBe(poll.otvet_1 + 1);
    // Said once, however many messages went unsent; and its metrics say so.
    expect(unreachable(nodeA.log)).toHaveLength(1);
    expect(await redisUpOnA()).toBe('efir_redis_up 0');
  });

  it('when Redis is back, a message published on one node reaches the other within 2 s, with no restart', async () => {
    const [nodeA] = nodes as [Node, Node];
    // Subscribed while Redis was up (renewed by the client) and while it was away (sent on its return).
    const duringOutage: string[] = [];
    await busB().subscribe('efir:test:during-outage', (message) => duringOutage.push(message));
    await redis.start();
    const started = Date.now();
    let sent = 0;
    while ((beforeOutage.length === 0 || duringOutage.length === 0) && Date.now() - started < 5000) {
      sent += 1;
      await nodeA.bus.publish('efir:test:before-outage', `попытка ${String(sent)}`);
      await nodeA.bus.publish('efir:test:during-outage', `попытка ${String(sent)}`);
      await sleep(100);
    }
    expect(beforeOutage.length).toBeGreaterThan(0);
    expect(duringOutage.length).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(2000);
    await expect.poll(() => nodeA.log.notes).toContainEqual(expect.stringContaining('reachable again'));
    expect(await redisUpOnA()).toBe('efir_redis_up 1');
  });

  it('with Redis back, a post on one node changes the other’s chat ETag at once, not after its 2 s', async () => {
    const [nodeA, nodeB] = nodes as [Node, Node];
    const cachedAt = Date.now();
    const before = await nodeB.app.inject({ url: apiUrl('chatMessages', { params: { room: 'teleprogram', id: 4 } }) });
    const post = await nodeA.app.inject({
      method: 'POST',
      url: apiUrl('chatMessages', { params: { room: 'teleprogram', id: 4 } }),
      headers: { 'user-agent': 'redis back poster' },
      payload: { name: 'Зритель', message: 'Redis снова здесь' },
    });
    expect(post.statusCode).toBe(201);
    await expect
      .poll(async () => (await chatPoll(nodeB, before.headers.etag)).statusCode, { timeout: 1000, interval: 50 })
      .toBe(200);
    // Node B's own knowledge of the room was younger than 2 s: only the bus can have told it.
    expect(Date.now() - cachedAt).toBeLessThan(1500);
  });
});

describe('start-up with Redis unreachable', () => {
  it('starts degraded, says so naming host and port, and connects in the background', async () => {
    await redis.stop();
    const log = recordingLog();
    const started = Date.now();
    const bus = await openBus(`${redis.url}/0`, { log, startWaitMs: 500 });
    try {
      expect(Date.now() - started).toBeLessThan(2000);
      expect(log.warnings).toHaveLength(1);
      expect(log.warnings[0]).toMatch(
        new RegExp(
          `^Redis at 127\\.0\\.0\\.1:${String(redis.port)} is unreachable at start-up \\(.+\\): ` +
            'starting without it and connecting in the background$',
          'u',
        ),
      );
      const received: string[] = [];
      await bus.subscribe('efir:test:late', (message) => received.push(message));
      await bus.publish('efir:test:late', 'сам себе');
      await redis.start();
      const other = await openBus(redis.url, { log: recordingLog() });
      try {
        const until = Date.now() + 3000;
        while (!received.includes('из другого узла') && Date.now() < until) {
          await other.publish('efir:test:late', 'из другого узла');
          await sleep(100);
        }
        expect(received).toContain('из другого узла');
      } finally {
        await other.close();
      }
    } finally {
      await bus.close();
    }
  });

  it('names Redis by host and port, never with the password of its URL', () => {
    expect(redisAddress('redis://:s3cret@cache.internal:6380/2')).toBe('cache.internal:6380');
    expect(redisAddress('rediss://user:s3cret@cache.internal')).toBe('cache.internal:6379');
  });
});
