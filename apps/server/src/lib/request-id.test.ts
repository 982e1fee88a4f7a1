import { describe, expect, it } from 'vitest';
import { requestIdOf } from './request-id.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/u;

describe('requestIdOf', () => {
  it("takes a proxy's well-formed id", () => {
    expect(requestIdOf({ headers: { 'x-request-id': 'f3a9c2d1e0b84a7c9d6e5f4a3b2c1d0e' } })).toBe(
      'f3a9c2d1e0b84a7c9d6e5f4a3b2c1d0e',
    );
  });

  it('makes a new one for none, a short one, a long one, one that would forge log lines, or several', () => {
    for (const given of [
      undefined,
      'abc',
      'a'.repeat(65),
      'ok-id-123\n{"level":60}',
      'id with spaces',
      ['one-id-123', 'two-id-456'],
    ]) {
      const id = requestIdOf({ headers: given === undefined ? {} : { 'x-request-id': given } });
      expect(id).toMatch(uuid);
    }
    expect(requestIdOf({ headers: {} })).not.toBe(requestIdOf({ headers: {} }));
  });
});
