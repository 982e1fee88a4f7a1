import { type ChatMessage, chatHistoryLength } from '@efir/contract';
import { describe, expect, it } from 'vitest';
import { applyChatChange, chatView, type OwnPost, ownAfterChange, pendingOwn, reconcileRoom } from './chat-list.ts';

const message = (id: number): ChatMessage => ({ id, name: 'Гость', message: String(id), date_added: '' });
const ids = (list: readonly { id: number }[]) => list.map((entry) => entry.id);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => message(from + i));

describe('the chat list after a poll', () => {
  it('drops a message the latest list no longer has', () => {
    expect(ids(reconcileRoom([message(1), message(2), message(3)], [message(1), message(3)]))).toEqual([1, 3]);
  });

  it('is empty after a room is cleared', () => {
    expect(reconcileRoom([message(1), message(2)], [])).toEqual([]);
  });

  it('keeps older messages beyond a full page, which the list does not tell about', () => {
    const full = range(11, 10 + chatHistoryLength);
    expect(ids(reconcileRoom(range(1, 20), full))).toEqual([...ids(range(1, 10)), ...ids(full)]);
    // A page that is not full is the whole room.
    expect(ids(reconcileRoom(range(1, 20), range(11, 20)))).toEqual(ids(range(11, 20)));
  });
});

describe('the visitor’s own posts', () => {
  const own = (id: number, held: boolean, at: number): OwnPost => ({ message: message(id), held, at });

  it('show until a list asked for after them answers; a held one until it is approved', () => {
    const posts = [own(5, false, 100), own(6, true, 100)];
    // A list asked for before the posts were answered does not know them yet.
    expect(ids(pendingOwn(posts, [message(4)], 50).map((post) => post.message))).toEqual([5, 6]);
    // One asked for later: the shown post is in it, or was hidden; the held one waits.
    expect(ids(pendingOwn(posts, [message(4), message(5)], 150).map((post) => post.message))).toEqual([6]);
    expect(pendingOwn(posts, [message(4)], 150).map((post) => post.held)).toEqual([true]);
    expect(pendingOwn(posts, [message(5), message(6)], 150)).toEqual([]);
  });

  it('fall into the room in order, marked when held', () => {
    const view = chatView([message(1), message(3)], [own(2, true, 0), own(3, false, 0)]);
    expect(view.map((entry) => [entry.message.id, entry.held])).toEqual([
      [1, false],
      [2, true],
      [3, false],
    ]);
  });
});

describe('an unchanged poll', () => {
  it('gives back the lists it was given, so nothing is drawn again', () => {
    const shown = [message(1), message(2)];
    expect(reconcileRoom(shown, [message(1), message(2)])).toBe(shown);
    const own: OwnPost[] = [{ message: message(3), held: true, at: 0 }];
    expect(pendingOwn(own, shown, 10)).toBe(own);
  });
});

describe('a pushed change', () => {
  const said = (id: number): ChatMessage => ({ id, name: 'Зритель', message: String(id), date_added: '' });
  const ids = (list: readonly ChatMessage[]) => list.map((message) => message.id);

  it('adds what it brings once, in order, and drops what was hidden', () => {
    const shown = [said(1), said(2), said(3)];
    expect(ids(applyChatChange(shown, { replace: false, messages: [said(5), said(3)], removed: [2] }))).toEqual([
      1, 3, 5,
    ]);
  });

  it('takes a whole list as a poll’s answer', () => {
    expect(
      ids(applyChatChange([said(1), said(2)], { replace: true, messages: [said(2), said(4)], removed: [] })),
    ).toEqual([2, 4]);
  });

  it('settles the visitor’s own posts: listed or hidden ones go, newer and held ones stay', () => {
    const own = (id: number, held = false): OwnPost => ({ message: said(id), held, at: 0 });
    const posts = [own(3), own(4, true), own(9)];
    expect(
      ids(ownAfterChange(posts, { replace: false, messages: [said(3)], removed: [9] }).map((p) => p.message)),
    ).toEqual([4]);
    expect(
      ids(ownAfterChange(posts, { replace: true, messages: [said(5)], removed: [] }).map((p) => p.message)),
    ).toEqual([4, 9]);
  });
});
