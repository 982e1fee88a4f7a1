import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { retiredMedia } from '../db/schema/index.ts';

/** Whether the aired log names anything under `prefix` (a folder's or a file's URL). */
export async function airedNames(db: Db, prefix: string): Promise<boolean> {
  const like = `${prefix.replace(/[\\%_]/gu, (c) => `\\${c}`)}%`;
  const result = await db.execute(sql`SELECT 1 FROM aired_segment WHERE uri LIKE ${like} LIMIT 1`);
  return result.rows.length > 0;
}

export async function keepRetired(db: Db, path: string): Promise<void> {
  await db.insert(retiredMedia).values({ path }).onConflictDoNothing();
}

export async function retiredPaths(db: Db): Promise<string[]> {
  return (await db.select({ path: retiredMedia.path }).from(retiredMedia)).map((row) => row.path);
}

export async function forgetRetired(db: Db, path: string): Promise<void> {
  await db.delete(retiredMedia).where(eq(retiredMedia.path, path));
}
