// What the editors arrange: slideshows, the about page, polls.
import type { SlideshowName } from '@efir/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.ts';
import { about, poll, slide } from '../db/schema/index.ts';
import { findRadios } from './radios.ts';
import { type Visitor, claimCountedAction } from './visitor-actions.ts';
import type { PollRow } from './wire.ts';

export async function slideshow(db: Db, name: SlideshowName) {
  const slides = await db
    .select()
    .from(slide)
    .where(eq(slide.slideshow, name))
    .orderBy(asc(slide.position), asc(slide.id));
  const radios = await findRadios(
    db,
    slides.flatMap((row) => (row.radioId === null ? [] : [row.radioId])),
  );
  return slides.map((row) => ({ slide: row, radio: row.radioId === null ? undefined : radios.get(row.radioId) }));
}

export async function aboutPages(db: Db) {
  return db.select().from(about).orderBy(asc(about.id));
}

export async function activePolls(db: Db): Promise<PollRow[]> {
  return db.select().from(poll).where(eq(poll.active, true)).orderBy(asc(poll.position), asc(poll.id));
}

export async function findPoll(db: Db, id: number): Promise<PollRow | undefined> {
  return (await db.select().from(poll).where(eq(poll.id, id)))[0];
}

export type VoteOutcome =
  { kind: 'counted'; poll: PollRow } | { kind: 'already-voted' } | { kind: 'address-cap' } | { kind: 'no-poll' };

/** Adds one vote to each chosen variant (1..4), once per visitor per poll, within the address cap. */
export async function votePoll(
  db: Db,
  id: number,
  visitor: Visitor,
  chosen: number[],
  addressCap: number,
  now: Date,
): Promise<VoteOutcome> {
  return db.transaction(async (tx) => {
    const found = (
      await tx
        .select()
        .from(poll)
        .where(and(eq(poll.id, id), eq(poll.active, true)))
    )[0];
    if (found === undefined) return { kind: 'no-poll' };
    const claimed = await claimCountedAction(tx, 'poll-vote', id, visitor, null, addressCap, now);
    if (claimed === 'repeat') return { kind: 'already-voted' };
    if (claimed === 'address-cap') return { kind: 'address-cap' };
    const plusOne = (variant: number, column: AnyPgColumn) => sql`${column} + ${chosen.includes(variant) ? 1 : 0}`;
    const rows = await tx
      .update(poll)
      .set({
        votes1: plusOne(1, poll.votes1),
        votes2: plusOne(2, poll.votes2),
        votes3: plusOne(3, poll.votes3),
        votes4: plusOne(4, poll.votes4),
      })
      .where(eq(poll.id, id))
      .returning();
    const updated = rows[0];
    return updated === undefined ? { kind: 'no-poll' } : { kind: 'counted', poll: updated };
  });
}
