import { type ChatRoom, type VisitorLimits, chatPaceSeconds } from '@efir/contract';
import { and, asc, desc, eq, gt, gte, isNull, max, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { chatMessage } from '../db/schema/index.ts';
import { giveBackToWindow, recentWindowPeak, secondsLeftInWindow, takeFromWindow } from './rate-windows.ts';
import { type Visitor, claimVisitorAction } from './visitor-actions.ts';

export type ChatMessageRow = typeof chatMessage.$inferSelect;

export const chatHistoryLength = 50;
const chatPageLength = 100;

/** The latest messages oldest-first, or those after `after` (at most 100); none a moderator hid. */
export async function chatMessages(
  db: Db,
  room: ChatRoom,
  programmeId: number,
  after: number | undefined,
): Promise<ChatMessageRow[]> {
  const inRoom = and(
    eq(chatMessage.room, room),
    eq(chatMessage.programmeId, programmeId),
    isNull(chatMessage.hiddenAt),
  );
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

export type ChatPostOutcome =
  | { kind: 'posted'; row: ChatMessageRow }
  /** The visitor posted too recently (in slow mode: or their cookie is too new). */
  | { kind: 'too-fast'; slowMode: boolean; retryAfterSeconds: number }
  /** Enough newcomers posted in this room from the visitor's address this minute. */
  | { kind: 'newcomers'; retryAfterSeconds: number };

/** No cap: the room's own count only tells whether it is busy. */
const uncapped = 2_147_483_647;

/**
 * Stores a message within the chat's limits (docs/SECURITY.md): a visitor posts once a second, in
 * a room in slow mode once per `chatSlowModeSeconds` and not before their cookie is that old; a
 * visitor without an established cookie counts as one of the room's newcomers from their address
 * this minute. A room that took `chatSlowModeRate` posts in this clock minute or the one before is
 * in slow mode. Everything is in the database, so every node keeps the same limits.
 */
export async function postChatMessage(
  db: Db,
  message: { room: ChatRoom; programmeId: number; name: string; message: string },
  visitor: Visitor,
  limits: VisitorLimits,
  now: Date,
): Promise<ChatPostOutcome> {
  const roomKey = `chat-room:${message.room}:${String(message.programmeId)}`;
  return db.transaction(async (tx): Promise<ChatPostOutcome> => {
    const slowMode = (await recentWindowPeak(tx, roomKey, 'minute')) >= limits.chatSlowModeRate;
    const pace = slowMode ? limits.chatSlowModeSeconds : chatPaceSeconds;
    // A cookie made for this very post would let a script that drops its cookie skip the pace.
    const cookieAgeMs = now.getTime() - visitor.issuedAt;
    if (slowMode && cookieAgeMs < pace * 1000) {
      return { kind: 'too-fast', slowMode, retryAfterSeconds: Math.ceil(pace - cookieAgeMs / 1000) };
    }
    const newcomerKey = `chat-newcomers:${roomKey}:${visitor.address}`;
    const newcomer = !visitor.established && !(await postedThisMinute(tx, message, visitor.id));
    if (newcomer && !(await takeFromWindow(tx, newcomerKey, 'minute', limits.chatNewcomersPerMinute))) {
      return { kind: 'newcomers', retryAfterSeconds: secondsLeftInWindow('minute', now) };
    }
    if (!(await claimVisitorAction(tx, 'chat-post', 0, visitor.id, pace))) {
      if (newcomer) await giveBackToWindow(tx, newcomerKey, 'minute');
      return { kind: 'too-fast', slowMode, retryAfterSeconds: pace };
    }
    const rows = await tx
      .insert(chatMessage)
      .values({ ...message, visitor: visitor.id })
      .returning();
    const row = rows[0];
    if (row === undefined) throw new Error('chat message missing after insert');
    await takeFromWindow(tx, roomKey, 'minute', uncapped);
    return { kind: 'posted', row };
  });
}

async function postedThisMinute(
  db: Db,
  message: { room: ChatRoom; programmeId: number },
  visitor: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: chatMessage.id })
    .from(chatMessage)
    .where(
      and(
        eq(chatMessage.room, message.room),
        eq(chatMessage.programmeId, message.programmeId),
        eq(chatMessage.visitor, visitor),
        gte(chatMessage.postedAt, sql`date_trunc('minute', now())`),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

const moderationLength = 200;

/** A room's messages of every day, hidden ones too, oldest-first: the latest, or those after `after`. */
export async function moderationMessages(db: Db, room: ChatRoom, after: number | undefined): Promise<ChatMessageRow[]> {
  if (after !== undefined) {
    return db
      .select()
      .from(chatMessage)
      .where(and(eq(chatMessage.room, room), gt(chatMessage.id, after)))
      .orderBy(asc(chatMessage.id))
      .limit(moderationLength);
  }
  const latest = await db
    .select()
    .from(chatMessage)
    .where(eq(chatMessage.room, room))
    .orderBy(desc(chatMessage.id))
    .limit(moderationLength);
  return latest.reverse();
}

export async function findChatMessage(db: Db, id: number): Promise<ChatMessageRow | undefined> {
  return (await db.select().from(chatMessage).where(eq(chatMessage.id, id)))[0];
}

/** Hides a message from visitors, or shows it again. */
export async function setChatMessageHidden(db: Db, id: number, hidden: boolean): Promise<ChatMessageRow | undefined> {
  const rows = await db
    .update(chatMessage)
    .set({ hiddenAt: hidden ? sql`coalesce(${chatMessage.hiddenAt}, now())` : null })
    .where(eq(chatMessage.id, id))
    .returning();
  return rows[0];
}
