// The channels' table: the two main ones the migration writes, and those an operator adds.
import { asc, eq, sql } from 'drizzle-orm';
import type { ChannelKind, ChannelRef } from '@efir/contract';
import type { Db } from '../db/database.ts';
import { channel } from '../db/schema/index.ts';

/** A channel as stored. */
export interface ChannelRow extends ChannelRef {
  name: string;
  position: number;
  logo: string | null;
  createdAt: Date;
}

/** Every channel, in the order the switchers and the IPTV list show them. */
export async function channelRows(db: Db): Promise<ChannelRow[]> {
  return db.select().from(channel).orderBy(asc(channel.position), asc(channel.createdAt), asc(channel.slug));
}

/** Writes a new channel after the others; undefined when its slug is taken. */
export async function insertChannel(
  db: Db,
  wanted: { slug: string; name: string; kind: ChannelKind },
): Promise<ChannelRow | undefined> {
  const rows = await db
    .insert(channel)
    .values({ ...wanted, position: sql`(SELECT coalesce(max(${channel.position}), -1) + 1 FROM ${channel})` })
    .onConflictDoNothing({ target: channel.slug })
    .returning();
  return rows[0];
}

/** Gives a channel a new logo (a picture's address under /media/); answers the channel before and
 * after, or undefined when there is none by the slug. */
export async function writeChannelLogo(
  db: Db,
  slug: string,
  logo: string,
): Promise<{ before: ChannelRow; after: ChannelRow } | undefined> {
  const [before] = await db.select().from(channel).where(eq(channel.slug, slug)).for('update');
  if (before === undefined) return undefined;
  const [after] = await db.update(channel).set({ logo }).where(eq(channel.slug, slug)).returning();
  return after === undefined ? undefined : { before, after };
}

/** Holds off other additions until the transaction ends, so that counts and slugs stay true. */
export async function lockChannels(db: Db): Promise<void> {
  await db.execute(sql`LOCK TABLE ${channel} IN SHARE ROW EXCLUSIVE MODE`);
}
