import { integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';
import { belongsTo } from './belongs-to.ts';
import { radio } from './radio.ts';

/** A radio the editors put first in a popular list of the radio page: 1 programmes, 2 songs. */
export const popularPick = pgTable(
  'popular_pick',
  {
    kind: smallint().notNull(),
    radioId: belongsTo(() => radio.id),
    position: integer().notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.kind, table.radioId] })],
);
