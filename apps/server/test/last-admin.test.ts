// The last enabled admin stays one, even when two admins demote or disable each other at once:
// on PostgreSQL the two changes run side by side on two connections.
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { studioUser } from '../src/db/schema/index.ts';
import { addUser } from '../src/repositories/studio-accounts.ts';
import { changeAccount } from '../src/studio/accounts.ts';
import { describeOnBackends, useTestDatabase } from './database.ts';

describeOnBackends('the last admin', (backend) => {
  const database = useTestDatabase(backend, 'migrated');

  const admins = async (round: number): Promise<[number, number]> => {
    const made = await Promise.all(
      ['a', 'b'].map((name) =>
        addUser(database.db, { login: `${name}-${String(round)}`, role: 'admin', passwordHash: 'x' }),
      ),
    );
    return [made[0]?.id ?? 0, made[1]?.id ?? 0];
  };

  it.each([
    ['demote', 0, { role: 'editor' as const }],
    ['disable', 100, { disabled: true }],
  ])('two admins who %s each other at once leave one', async (_what, rounds, change) => {
    for (let round = rounds; round < rounds + 10; round += 1) {
      // Only this round's two are admins.
      await database.db.update(studioUser).set({ role: 'editor' }).where(eq(studioUser.role, 'admin'));
      const [first, second] = await admins(round);
      const actor = { name: 'test', address: 'test' };
      const results = await Promise.allSettled([
        changeAccount(database.db, actor, first, change),
        changeAccount(database.db, actor, second, change),
      ]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((result) => result.status === 'rejected');
      expect(String(refused?.reason)).toContain('последний администратор');
      const left = await database.db.select().from(studioUser).where(eq(studioUser.role, 'admin'));
      expect(left.filter((user) => user.disabledAt === null)).toHaveLength(1);
    }
  });
});
