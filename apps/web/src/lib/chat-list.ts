// What a visitor's chat list shows. The list is read again whole every poll (an unchanged room
// answers 304, which costs the server nothing), so a message a moderator hid drops out of it;
// the visitor's own posts show at once, a held one to its poster alone until it is approved.
import { type ChatMessage, chatHistoryLength } from '@efir/contract';

/** How many messages the list keeps. */
export const chatKept = 200;

/** A post of this visitor's, from its answer. */
export interface OwnPost {
  message: ChatMessage;
  /** Held for review: stored, shown to no one else until a moderator approves it. */
  held: boolean;
  /** When the post was answered (`performance.now()`). */
  at: number;
}

export interface ShownMessage {
  message: ChatMessage;
  held: boolean;
}

/**
 * The room after its latest list: that list is the truth for every id it spans (one it lacks was
 * hidden) and, when it holds less than a full page, for the whole room. Older messages kept from
 * before stay, since no answer tells about them. Unchanged, `shown` itself: nothing to draw again.
 */
export function reconcileRoom(shown: readonly ChatMessage[], latest: readonly ChatMessage[]): readonly ChatMessage[] {
  const first = latest[0]?.id;
  const older =
    first === undefined || latest.length < chatHistoryLength ? [] : shown.filter((message) => message.id < first);
  const next = [...older, ...latest].slice(-chatKept);
  const same = next.length === shown.length && next.every((message, i) => message.id === shown[i]?.id);
  return same ? shown : next;
}

/**
 * The own posts still to show beside a list asked for at `askedAt`: none the list has; a shown one
 * only while the list may be older than it (a later list without it means it was hidden); a held
 * one until it is approved.
 */
export function pendingOwn(
  own: readonly OwnPost[],
  latest: readonly ChatMessage[],
  askedAt: number,
): readonly OwnPost[] {
  const listed = new Set(latest.map((message) => message.id));
  const pending = own.filter((post) => !listed.has(post.message.id) && (post.held || post.at > askedAt));
  return pending.length === own.length ? own : pending;
}

/** The room and the visitor's own posts in one list, oldest first. */
export function chatView(room: readonly ChatMessage[], own: readonly OwnPost[]): ShownMessage[] {
  const listed = new Set(room.map((message) => message.id));
  return [
    ...room.map((message) => ({ message, held: false })),
    ...own.filter((post) => !listed.has(post.message.id)).map(({ message, held }) => ({ message, held })),
  ]
    .sort((a, b) => a.message.id - b.message.id)
    .slice(-chatKept);
}

/** The room after a pushed change: the messages it brings added, those hidden gone. A change that
 * replaces the list is a latest list like a poll's answer (`reconcileRoom`). */
export function applyChatChange(
  shown: readonly ChatMessage[],
  change: { replace: boolean; messages: readonly ChatMessage[]; removed: readonly number[] },
): readonly ChatMessage[] {
  if (change.replace) return reconcileRoom(shown, change.messages);
  const removed = new Set(change.removed);
  const known = new Set(shown.map((message) => message.id));
  const next = [...shown.filter((message) => !removed.has(message.id))];
  for (const message of change.messages) if (!known.has(message.id)) next.push(message);
  return next.sort((a, b) => a.id - b.id).slice(-chatKept);
}

/** The own posts still to show after a pushed change: none it lists or hides, and, after a whole
 * list, none older than its newest message that it lacks (hidden); held ones until approved. */
export function ownAfterChange(
  own: readonly OwnPost[],
  change: { replace: boolean; messages: readonly ChatMessage[]; removed: readonly number[] },
): readonly OwnPost[] {
  const settled = new Set([...change.messages.map((message) => message.id), ...change.removed]);
  const newest = change.replace ? (change.messages.at(-1)?.id ?? 0) : 0;
  const pending = own.filter((post) => !settled.has(post.message.id) && (post.held || post.message.id > newest));
  return pending.length === own.length ? own : pending;
}
