import { visitorLimitDefaults } from '@efir/contract';
import type { Visitor } from '../src/repositories/visitor-actions.ts';

/** A visitor as the cookie plugin would make one: by default long known, from a documentation address. */
export function testVisitor(id: string, options: { address?: string; established?: boolean } = {}): Visitor {
  const established = options.established ?? true;
  return {
    id,
    address: options.address ?? '192.0.2.1',
    issuedAt: Date.now() - (established ? 2 * visitorLimitDefaults.establishedAfterSeconds * 1000 : 0),
    established,
  };
}
