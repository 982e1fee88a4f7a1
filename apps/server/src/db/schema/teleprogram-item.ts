import { boolean, index, integer, pgTable, time } from 'drizzle-orm/pg-core';
import { belongsTo } from './belongs-to.ts';
import { teleprogram } from './teleprogram.ts';
import { video } from './video.ts';

export const teleprogramItem = pgTable(
  'teleprogram_item',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    teleprogramId: belongsTo(() => teleprogram.id),
    position: integer().notNull(),
    /** Null: starts right after the item before it. */
    startsAt: time(),
    videoId: integer()
      .notNull()
      .references(() => video.id),
    isAd: boolean().notNull().default(false),
  },
  (table) => [index('teleprogram_item_day_idx').on(table.teleprogramId, table.position)],
);
