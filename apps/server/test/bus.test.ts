import { visitorLimitDefaults } from '@efir/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { type Bus, inProcessBus, redisBus } from '../src/bus/bus.ts';
import { ChatFreshness } from '../src/chat/freshness.ts';
import type { Database } from '../src/db/database.ts';
import { postChatMessage } from '../src/repositories/chat.ts';
import { testDatabase } from './database.ts';
import { testVisitor } from './visitors.ts';

const redisUrl = process.env.TEST_REDIS_URL ?? '';
// Redis's half is skipped by name, and counted, when TEST_REDIS_URL is unset.
const buses: { name: string; open: () => Promise<Bus>; available: boolean }[] = [
  { name: 'in-process', open: () => Promise.resolve(inProcessBus()), available: true },
  { name: 'redis', open: () => redisBus(redisUrl), available: redisUrl !== '' },
];

for (const { name, open, available } of buses)
  describe.skipIf(!available)(`${name} bus`, () => {
    it('delivers a published message to every subscriber of the channel only', async () => {
      const bus = await open();
      const channel = `efir:test:${Math.random()}`;
      const got: string[] = [];
      const other: string[] = [];
      await bus.subscribe(channel, (m) => got.push(m));
      await bus.subscribe(channel, (m) => got.push(`again ${m}`));
      await bus.subscribe(`${channel}:other`, (m) => other.push(m));
      await bus.publish(channel, 'привет');
      await expect.poll(() => got).toEqual(['привет', 'again привет']);
      expect(other).toEqual([]);
      await bus.close();
    });
  });

describe.runIf(redisUrl !== '')('chat freshness across two nodes', () => {
  let database: Database | undefined;
  afterAll(async () => {
    await database?.close();
  });

  it('a post on one node is known to the other without waiting for its cache to age', async () => {
    database = await testDatabase('pglite', 'seeded');
    const [busA, busB] = await Promise.all([redisBus(redisUrl), redisBus(redisUrl)]);
    const nodeA = new ChatFreshness(database.db, busA, 60_000);
    const nodeB = new ChatFreshness(database.db, busB, 60_000);
    await Promise.all([nodeA.start(), nodeB.start()]);
    const before = await nodeB.latest('teleprogram', 4);
    const outcome = await postChatMessage(
      database.db,
      { room: 'teleprogram', programmeId: 4, name: 'Узел А', message: 'новое' },
      testVisitor('node-test'),
      visitorLimitDefaults,
      new Date(),
    );
    const row = outcome.kind === 'posted' ? outcome.row : undefined;
    expect(row!.id).toBeGreaterThan(before);
    await nodeA.announce('teleprogram', 4, row!.id);
    await expect.poll(() => nodeB.latest('teleprogram', 4)).toBe(row!.id);
    await Promise.all([busA.close(), busB.close()]);
  });
});
