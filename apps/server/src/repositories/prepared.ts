// Statements prepared once per database: a hot read then costs its execution, not the building of
// its SQL in Drizzle nor the database's parsing and planning of it.
import type { Db } from '../db/database.ts';

const prepared = new WeakMap<Db, Map<string, unknown>>();

/** The statement `make` prepares, made on the first call for this database and key. */
export function preparedOnce<T>(db: Db, key: string, make: () => T): T {
  let statements = prepared.get(db);
  if (statements === undefined) {
    statements = new Map();
    prepared.set(db, statements);
  }
  if (!statements.has(key)) statements.set(key, make());
  return statements.get(key) as T;
}

/** The orders of a catalogue page (SPEC §2): popular, new, or the editors' order. */
export type PageOrder = 'views' | 'added' | 'editors';

export function pageOrderOf(query: { prosmotri: boolean; date_added: boolean }): PageOrder {
  return query.prosmotri ? 'views' : query.date_added ? 'added' : 'editors';
}
