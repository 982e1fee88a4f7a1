import { index, integer, pgTable, real, text, time } from 'drizzle-orm/pg-core';
import { belongsTo } from './belongs-to.ts';
import { teleprogram } from './teleprogram.ts';
import { video } from './video.ts';

/** A running-line message over the TV stream. */
export const ticker = pgTable(
  'ticker',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    teleprogramId: belongsTo(() => teleprogram.id),
    /** Null: shown over the whole programme rather than one video. */
    videoId: integer().references(() => video.id),
    message: text().notNull(),
    startsAt: time().notNull(),
    durationSeconds: real().notNull().default(10),
    speed: real().notNull().default(80),
  },
  (table) => [index('ticker_day_idx').on(table.teleprogramId)],
);
