import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/** What moderators set for a chat room, of every day: a row once one has set something. */
export const chatRoom = pgTable('chat_room', {
  /** 'teleprogram' or 'radio'. */
  room: text().primaryKey(),
  /** One post per this many seconds per visitor; 0: off (the automatic slow mode still applies). */
  slowModeSeconds: integer().notNull().default(0),
  /** Counts the changes to what visitors see other than new posts (a hide, a show, an approval, a
   * clear): part of the room's freshness tag, so the public poll's answer changes with them. */
  revision: integer().notNull().default(0),
});
