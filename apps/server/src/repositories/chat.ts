import type { ChatRoom } from '@efir/contract';
import { and, asc, desc, eq, gt, max } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { chatMessage } from '../db/schema/index.ts';
import { claimVisitorAction } from './visitor-actions.ts';

export type ChatMessageRow = typeof chatMessage.$inferSelect;

export const chatHistoryLength = 50;
const chatPageLength = 100;

/** The latest messages oldest-first, or those after `after` (at most 100). */
export async function chatMessages(
  db: Db,
  room: ChatRoom,
  programmeId: number,
  after: number | undefined,
): Promise<ChatMessageRow[]> {
  const inRoom = and(eq(chatMessage.room, room), eq(chatMessage.programmeId, programmeId));
  if (after !== undefined) {
    return db
      .select()
      .from(chatMessage)
      .where(and(inRoom, gt(chatMessage.id, after)))
      .orderBy(asc(chatMessage.id))
      .limit(chatPageLength);
  }
  const latest = await db
    .select()
    .from(chatMessage)
    .where(inRoom)
    .orderBy(desc(chatMessage.id))
    .limit(chatHistoryLength);
  return latest.reverse();
}

/** The id of the room's newest message, 0 when it has none. */
export async function latestChatMessageId(db: Db, room: ChatRoom, programmeId: number): Promise<number> {
  const rows = await db
    .select({ value: max(chatMessage.id) })
    .from(chatMessage)
    .where(and(eq(chatMessage.room, room), eq(chatMessage.programmeId, programmeId)));
  return rows[0]?.value ?? 0;
}

/** Stores a message unless the visitor posted less than a second ago (then undefined). */
export async function postChatMessage(
  db: Db,
  message: { room: ChatRoom; programmeId: number; name: string; message: string; visitor: string },
): Promise<ChatMessageRow | undefined> {
  return db.transaction(async (tx) => {
    if (!(await claimVisitorAction(tx, 'chat-post', 0, message.visitor, 1))) return undefined;
    const rows = await tx.insert(chatMessage).values(message).returning();
    return rows[0];
  });
}
