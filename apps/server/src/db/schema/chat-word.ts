import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A word or phrase of the chats' word list: a post that has it is held for review or refused. */
export const chatWord = pgTable('chat_word', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  /** As the moderator wrote it. */
  word: text().notNull(),
  /** What it is matched as (chat/word-list.ts): one entry per spelling, whatever the script or case. */
  key: text().notNull().unique(),
  /** 'hold' or 'refuse'. */
  mode: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  createdBy: text().notNull(),
});
