import { type SQL, sql } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

export const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

/**
 * The Russian full-text vector of a name (weight A) and a second text (weight B), with ё folded
 * into е so that either spelling finds the other.
 */
export function russianVector(name: string, other: string): SQL {
  return sql.raw(
    `setweight(to_tsvector('russian'::regconfig, translate(${name}, 'ёЁ', 'еЕ')), 'A') || ` +
      `setweight(to_tsvector('russian'::regconfig, translate(${other}, 'ёЁ', 'еЕ')), 'B')`,
  );
}
