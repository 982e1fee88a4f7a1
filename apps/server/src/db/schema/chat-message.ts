import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const chatMessage = pgTable(
  'chat_message',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** 'teleprogram' or 'radio': the stream the chat sits beside. */
    room: text().notNull(),
    programmeId: integer().notNull(),
    name: text().notNull(),
    message: text().notNull(),
    visitor: text().notNull(),
    /** The poster's address as the limits count it (an IPv6 /64 as one), for a ban by address;
     * none on messages older than bans. */
    address: text(),
    postedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Hidden by a moderator: gone for visitors, kept for the audit log. */
    hiddenAt: timestamp({ withTimezone: true }),
    /** Held for review by the word list: shown to nobody but moderators until one approves it. */
    heldAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('chat_message_room_idx').on(table.room, table.programmeId, table.id),
    // A visitor's last post in a room: the pace of slow mode and the newcomers of a minute.
    index('chat_message_visitor_idx').on(table.room, table.programmeId, table.visitor, table.postedAt),
    // The moderators' review queue: few rows, read every few seconds.
    index('chat_message_held_idx')
      .on(table.id)
      .where(sql`${table.heldAt} IS NOT NULL AND ${table.hiddenAt} IS NULL`),
  ],
);
