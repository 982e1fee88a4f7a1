import { boolean, index, integer, pgTable, smallint, time } from 'drizzle-orm/pg-core';
import { belongsTo } from './belongs-to.ts';
import { radio } from './radio.ts';
import { radioprogram } from './radioprogram.ts';

export const radioprogramItem = pgTable(
  'radioprogram_item',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    radioprogramId: belongsTo(() => radioprogram.id),
    position: integer().notNull(),
    startsAt: time(),
    radioId: integer()
      .notNull()
      .references(() => radio.id),
    draft: smallint().notNull().default(0),
    isAd: boolean().notNull().default(false),
  },
  (table) => [index('radioprogram_item_day_idx').on(table.radioprogramId, table.position)],
);
