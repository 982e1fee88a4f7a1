import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { setting } from '../db/schema/index.ts';

/** The secret that signs visitor cookies: made once, shared by every node through the database. */
export async function visitorSecret(db: Db): Promise<string> {
  await db
    .insert(setting)
    .values({ key: 'visitor-secret', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const rows = await db.select().from(setting).where(eq(setting.key, 'visitor-secret'));
  const secret = rows[0]?.value;
  if (secret === undefined) throw new Error('visitor secret missing after insert');
  return secret;
}
