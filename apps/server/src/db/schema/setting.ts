import { pgTable, text } from 'drizzle-orm/pg-core';

/** Values every node must share, such as the secret that signs visitor cookies. */
export const setting = pgTable('setting', {
  key: text().primaryKey(),
  value: text().notNull(),
});
