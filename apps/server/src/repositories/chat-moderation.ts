// What moderators set for the chats: bans of visitors (and their addresses), the word list, and
// each room's slow mode and revision. Every post reads the bans, the list and its room's slow mode
// here, so every node applies the same rules the moment they are written.
import type { ChatRoom, ChatWordMode } from '@efir/contract';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { ListedWord } from '../chat/word-list.ts';
import type { Db } from '../db/database.ts';
import { chatBan, chatMessage, chatRoom, chatWord } from '../db/schema/index.ts';

export type ChatBanRow = typeof chatBan.$inferSelect;
export type ChatWordRow = typeof chatWord.$inferSelect;

/** A ban not lifted whose time has not run out at `now`. */
const holds = (now: Date) => and(isNull(chatBan.liftedAt), or(isNull(chatBan.until), gt(chatBan.until, now)));

/** The ban that holds a visitor by their cookie or their address at `now`, the longest first; undefined: none. */
export async function activeChatBan(
  db: Db,
  visitor: { id: string; address: string },
  now: Date,
): Promise<ChatBanRow | undefined> {
  const rows = await db
    .select()
    .from(chatBan)
    .where(and(holds(now), or(eq(chatBan.visitor, visitor.id), eq(chatBan.address, visitor.address))))
    .orderBy(sql`${chatBan.until} DESC NULLS FIRST`)
    .limit(1);
  return rows[0];
}

export interface ChatBanWithMessage {
  ban: ChatBanRow;
  message: typeof chatMessage.$inferSelect | null;
}

/** The bans that hold at `now`, newest first, each with the message it was made from. */
export async function activeChatBans(db: Db, now: Date): Promise<ChatBanWithMessage[]> {
  return db
    .select({ ban: chatBan, message: chatMessage })
    .from(chatBan)
    .leftJoin(chatMessage, eq(chatMessage.id, chatBan.messageId))
    .where(holds(now))
    .orderBy(desc(chatBan.createdAt), desc(chatBan.id))
    .limit(500);
}

export async function findChatBan(db: Db, id: number): Promise<ChatBanRow | undefined> {
  return (await db.select().from(chatBan).where(eq(chatBan.id, id)))[0];
}

export async function addChatBan(
  db: Db,
  ban: { visitor: string; address: string | null; messageId: number; reason: string; createdBy: string },
  seconds: number | null,
  now: Date,
): Promise<ChatBanRow> {
  const rows = await db
    .insert(chatBan)
    .values({ ...ban, until: seconds === null ? null : new Date(now.getTime() + seconds * 1000) })
    .returning();
  const row = rows[0];
  if (row === undefined) throw new Error('chat ban missing after insert');
  return row;
}

/** Lifts a ban that holds at `now`; undefined when it was lifted already or has run out. */
export async function liftChatBan(db: Db, id: number, liftedBy: string, now: Date): Promise<ChatBanRow | undefined> {
  const rows = await db
    .update(chatBan)
    .set({ liftedAt: now, liftedBy })
    .where(and(eq(chatBan.id, id), holds(now)))
    .returning();
  return rows[0];
}

/** The word list as posts are matched against it. */
export async function chatWordList(db: Db): Promise<ListedWord[]> {
  const rows = await db.select({ key: chatWord.key, mode: chatWord.mode }).from(chatWord);
  return rows.map((row) => ({ key: row.key, mode: row.mode === 'refuse' ? 'refuse' : 'hold' }));
}

export async function chatWords(db: Db): Promise<ChatWordRow[]> {
  return db.select().from(chatWord).orderBy(chatWord.key);
}

/** Adds an entry; undefined when one with the same key is on the list. */
export async function addChatWord(
  db: Db,
  word: { word: string; key: string; mode: ChatWordMode; createdBy: string },
): Promise<ChatWordRow | undefined> {
  const rows = await db.insert(chatWord).values(word).onConflictDoNothing({ target: chatWord.key }).returning();
  return rows[0];
}

export async function findChatWord(db: Db, id: number): Promise<ChatWordRow | undefined> {
  return (await db.select().from(chatWord).where(eq(chatWord.id, id)))[0];
}

export async function deleteChatWord(db: Db, id: number): Promise<void> {
  await db.delete(chatWord).where(eq(chatWord.id, id));
}

/** A room's settings; a room no moderator has touched has none set. */
export async function chatRoomSettings(db: Db, room: ChatRoom): Promise<{ slowModeSeconds: number; revision: number }> {
  const rows = await db
    .select({ slowModeSeconds: chatRoom.slowModeSeconds, revision: chatRoom.revision })
    .from(chatRoom)
    .where(eq(chatRoom.room, room));
  return rows[0] ?? { slowModeSeconds: 0, revision: 0 };
}

export async function setChatSlowMode(db: Db, room: ChatRoom, seconds: number): Promise<void> {
  await db
    .insert(chatRoom)
    .values({ room, slowModeSeconds: seconds })
    .onConflictDoUpdate({ target: chatRoom.room, set: { slowModeSeconds: seconds } });
}

/** Counts a change to what visitors of the room see besides a new post: its freshness tag moves on. */
export async function touchChatRoom(db: Db, room: ChatRoom): Promise<void> {
  await db
    .insert(chatRoom)
    .values({ room, revision: 1 })
    .onConflictDoUpdate({ target: chatRoom.room, set: { revision: sql`${chatRoom.revision} + 1` } });
}
