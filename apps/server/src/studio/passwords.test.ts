import { studioLimits } from '@efir/contract';
import { describe, expect, it } from 'vitest';
import { hashPassword, makePassword, passwordMatches } from './passwords.ts';

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

  it('made for an account are long enough and differ', () => {
    const made = Array.from({ length: 50 }, makePassword);
    for (const password of made) {
      expect(password.length).toBeGreaterThanOrEqual(studioLimits.passwordMin);
      expect(password).not.toMatch(/[01OIl]/u);
    }
    expect(new Set(made).size).toBe(made.length);
  });
});
