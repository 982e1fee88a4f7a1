import { type ChatRoom, type VisitorLimits, chatHistoryLength, chatPaceSeconds } from '@efir/contract';
import { and, asc, desc, eq, gt, gte, isNotNull, isNull, max, sql } from 'drizzle-orm';
import { matchWordList } from '../chat/word-list.ts';
import type { Db } from '../db/database.ts';
import { chatMessage } from '../db/schema/index.ts';
import { activeChatBan, chatRoomSettings, chatWordList } from './chat-moderation.ts';
import {
  giveBackToWindow,
  recentWindowPeak,
  secondsLeftInWindow,
  takeFromWindow,
  windowStart,
} from './rate-windows.ts';
import { type Visitor, claimVisitorAction } from './visitor-actions.ts';

export type ChatMessageRow = typeof chatMessage.$inferSelect;

const chatPageLength = 100;

/** The latest messages oldest-first, or those after `after` (at most 100); none a moderator hid or
 * the word list holds. */
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
    isNull(chatMessage.heldAt),
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

/** The id of the room's newest message that visitors were shown, 0 when it has none. */
export async function latestChatMessageId(db: Db, room: ChatRoom, programmeId: number): Promise<number> {
  const rows = await db
    .select({ value: max(chatMessage.id) })
    .from(chatMessage)
    .where(and(eq(chatMessage.room, room), eq(chatMessage.programmeId, programmeId), isNull(chatMessage.heldAt)));
  return rows[0]?.value ?? 0;
}

export type ChatPostOutcome =
  /** Stored: shown to visitors, or held for review when `row.heldAt` is set. */
  | { kind: 'posted'; row: ChatMessageRow }
  /** A moderator banned the visitor or their address; `until` null: for good. */
  | { kind: 'banned'; until: Date | null }
  /** The word list refuses a word of the post. */
  | { kind: 'refused-word' }
  /** The visitor posted too recently (in slow mode: or their cookie is too new). */
  | { kind: 'too-fast'; slowMode: boolean; retryAfterSeconds: number }
  /** The room's moderators set a slow mode, and the visitor posted there too recently. */
  | { kind: 'slow-mode'; seconds: number; retryAfterSeconds: number }
  /** Enough newcomers posted in this room from the visitor's address this minute. */
  | { kind: 'newcomers'; retryAfterSeconds: number };

/** No cap: the room's own count only tells whether it is busy. */
const uncapped = 2_147_483_647;

/**
 * Stores a message within the chat's limits (docs/SECURITY.md): a visitor posts once a second, in
 * a room in slow mode once per `chatSlowModeSeconds` and not before their cookie is that old; a
 * visitor without an established cookie counts as one of the room's newcomers from their address
 * this minute. A room that took `chatSlowModeRate` posts in this clock minute or the one before is
 * in slow mode. Before those, the moderators' rules (docs/STUDIO.md): bans, the word list, and the
 * room's own slow mode, which applies beside the automatic one, so the stricter of the two holds.
 * Everything is in the database, so every node keeps the same limits.
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
    const ban = await activeChatBan(tx, visitor, now);
    if (ban !== undefined) return { kind: 'banned', until: ban.until };
    const listed = matchWordList([message.name, message.message], await chatWordList(tx));
    if (listed === 'refuse') return { kind: 'refused-word' };
    const { slowModeSeconds } = await chatRoomSettings(tx, message.room);
    if (slowModeSeconds > 0) {
      const wait = await secondsToNextPost(tx, message, visitor.id, slowModeSeconds, now);
      if (wait > 0) return { kind: 'slow-mode', seconds: slowModeSeconds, retryAfterSeconds: wait };
    }
    const slowMode = (await recentWindowPeak(tx, roomKey, 'minute', now)) >= limits.chatSlowModeRate;
    const pace = slowMode ? limits.chatSlowModeSeconds : chatPaceSeconds;
    // A cookie made for this very post would let a script that drops its cookie skip the pace.
    const cookieAgeMs = now.getTime() - visitor.issuedAt;
    if (slowMode && cookieAgeMs < pace * 1000) {
      return { kind: 'too-fast', slowMode, retryAfterSeconds: Math.ceil(pace - cookieAgeMs / 1000) };
    }
    const newcomerKey = `chat-newcomers:${roomKey}:${visitor.address}`;
    const newcomer = !visitor.established && !(await postedThisMinute(tx, message, visitor.id, now));
    if (newcomer && !(await takeFromWindow(tx, newcomerKey, 'minute', limits.chatNewcomersPerMinute, now))) {
      return { kind: 'newcomers', retryAfterSeconds: secondsLeftInWindow('minute', now) };
    }
    if (!(await claimVisitorAction(tx, 'chat-post', 0, visitor.id, pace, now))) {
      if (newcomer) await giveBackToWindow(tx, newcomerKey, 'minute', now);
      return { kind: 'too-fast', slowMode, retryAfterSeconds: pace };
    }
    const rows = await tx
      .insert(chatMessage)
      .values({
        ...message,
        visitor: visitor.id,
        address: visitor.address,
        postedAt: now,
        heldAt: listed === 'hold' ? now : null,
      })
      .returning();
    const row = rows[0];
    if (row === undefined) throw new Error('chat message missing after insert');
    await takeFromWindow(tx, roomKey, 'minute', uncapped, now);
    return { kind: 'posted', row };
  });
}

/** A visitor's posts in a room's day. */
function postsOf(message: { room: ChatRoom; programmeId: number }, visitor: string) {
  return and(
    eq(chatMessage.room, message.room),
    eq(chatMessage.programmeId, message.programmeId),
    eq(chatMessage.visitor, visitor),
  );
}

/** Seconds until the visitor's last post in the room is `pace` seconds old; 0 or less: now. */
async function secondsToNextPost(
  db: Db,
  message: { room: ChatRoom; programmeId: number },
  visitor: string,
  pace: number,
  now: Date,
): Promise<number> {
  const rows = await db
    .select({
      wait: sql<
        string | number | null
      >`ceil(extract(epoch FROM max(${chatMessage.postedAt}) + make_interval(secs => ${pace}) - ${now.toISOString()}::timestamptz))`,
    })
    .from(chatMessage)
    .where(postsOf(message, visitor));
  return Number(rows[0]?.wait ?? 0);
}

async function postedThisMinute(
  db: Db,
  message: { room: ChatRoom; programmeId: number },
  visitor: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .select({ id: chatMessage.id })
    .from(chatMessage)
    .where(and(postsOf(message, visitor), gte(chatMessage.postedAt, windowStart('minute', now))))
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

/** The messages the word list holds, of every room and day, that no moderator has rejected yet. */
export async function heldChatMessages(db: Db): Promise<ChatMessageRow[]> {
  return db
    .select()
    .from(chatMessage)
    .where(and(isNotNull(chatMessage.heldAt), isNull(chatMessage.hiddenAt)))
    .orderBy(asc(chatMessage.id))
    .limit(moderationLength);
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

/** Lets a held message out to visitors; undefined when it is not held. */
export async function approveChatMessage(db: Db, id: number): Promise<ChatMessageRow | undefined> {
  const rows = await db
    .update(chatMessage)
    .set({ heldAt: null })
    .where(and(eq(chatMessage.id, id), isNotNull(chatMessage.heldAt)))
    .returning();
  return rows[0];
}

/** Hides every message of a room's day that is not hidden yet (held ones too); their ids. */
export async function hideChatDay(db: Db, room: ChatRoom, programmeId: number): Promise<number[]> {
  const rows = await db
    .update(chatMessage)
    .set({ hiddenAt: sql`now()` })
    .where(and(eq(chatMessage.room, room), eq(chatMessage.programmeId, programmeId), isNull(chatMessage.hiddenAt)))
    .returning({ id: chatMessage.id });
  return rows.map((row) => row.id).sort((a, b) => a - b);
}
