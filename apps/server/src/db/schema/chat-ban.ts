import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A visitor a moderator barred from posting in the chats, for a time or for good. */
export const chatBan = pgTable(
  'chat_ban',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** The visitor's cookie id: that browser may not post. */
    visitor: text().notNull(),
    /** Set when the ban holds the visitor's address too: no cookie posts from it. */
    address: text(),
    /** The message the ban was made from. */
    messageId: bigint({ mode: 'number' }),
    reason: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The moderator's login. */
    createdBy: text().notNull(),
    /** None: for good. */
    until: timestamp({ withTimezone: true }),
    liftedAt: timestamp({ withTimezone: true }),
    liftedBy: text(),
  },
  (table) => [
    // Every post asks whether its visitor or address is banned: only bans not lifted count.
    index('chat_ban_visitor_idx')
      .on(table.visitor)
      .where(sql`${table.liftedAt} IS NULL`),
    index('chat_ban_address_idx')
      .on(table.address)
      .where(sql`${table.liftedAt} IS NULL AND ${table.address} IS NOT NULL`),
  ],
);
