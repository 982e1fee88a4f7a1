import { studioLimits } from '@efir/contract';
import type * as Argon2 from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';
import { hashPassword, makePassword, passwordMatches } from './passwords.ts';

/** The hashes Argon2 verified a password against, in order. */
const verified = vi.hoisted((): string[] => []);
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  return {
    ...real,
    verify: (hashed: string, ...rest: [string]) => {
      verified.push(hashed);
      return real.verify(hashed, ...rest);
    },
  };
});

describe('studio passwords', () => {
  it('are hashed with Argon2id at the parameters the docs name, salted per hash', async () => {
    const first = await hashPassword('correct horse battery staple');
    const second = await hashPassword('correct horse battery staple');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/u);
    expect(second).not.toBe(first);
  });

  it('match only the password they were made from', async () => {
    const stored = await hashPassword('correct horse battery staple');
    await expect(passwordMatches(stored, 'correct horse battery staple')).resolves.toBe(true);
    await expect(passwordMatches(stored, 'correct horse battery stapler')).resolves.toBe(false);
    await expect(passwordMatches(undefined, 'correct horse battery staple')).resolves.toBe(false);
    await expect(passwordMatches('not a hash', 'anything')).resolves.toBe(false);
  });

  it('verify a login that names no account against a hash of the same cost: the answer takes as long', async () => {
    const stored = await hashPassword('correct horse battery staple');
    verified.length = 0;
    await passwordMatches(stored, 'not the password');
    await passwordMatches(undefined, 'not the password');
    expect(verified).toHaveLength(2);
    const cost = (hashed: string): string => hashed.split('$').slice(1, 4).join('$');
    expect(cost(verified[1] ?? '')).toBe(cost(verified[0] ?? ''));
    expect(cost(verified[1] ?? '')).toBe('argon2id$v=19$m=19456,t=2,p=1');
  });

  it('made for an account are long enough and differ', () => {
    const made = Array.from({ length: 50 }, makePassword);
    for (const password of made) {
      expect(password.length).toBeGreaterThanOrEqual(studioLimits.passwordMin);
      expect(password).not.toMatch(/[01OIl]/u);
    }
    expect(new Set(made).size).toBe(made.length);
  });
});
