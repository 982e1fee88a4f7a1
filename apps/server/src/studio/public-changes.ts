// A change editors make to what the public site shows: written with its audit entry in one
// transaction, then shown on every node at once; and the check of the items a list names.
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { HttpError } from '../lib/http-error.ts';
import { type Change, recordChange } from '../repositories/audit.ts';
import { itemNames } from '../repositories/studio-showcase.ts';
import { actorOf } from './access.ts';
import type { StudioContext } from './context.ts';

/** A reorder made over a list that changed meanwhile. */
export const orderRefused = new HttpError(409, 'Список изменился, пока вы его переставляли: обновите страницу.');

/** The writing of the public site's changes, over a studio's database and publishing. */
export function publicChanges({ db, published }: Pick<StudioContext, 'db' | 'published'>) {
  /** Writes a change and its audit entry together, then lets the public site show it. */
  const change = async <T>(
    request: FastifyRequest,
    write: (tx: Db) => Promise<{ result: T; change: Change }>,
  ): Promise<T> => {
    const result = await db.transaction(async (tx) => {
      const made = await write(tx);
      await recordChange(tx, actorOf(request), made.change);
      return made.result;
    });
    await published();
    return result;
  };
  /** The names of the items of `ids`; refused when one names no item of `kind` or comes twice. */
  const checkItems = async (kind: 'video' | 'radio', ids: readonly number[]): Promise<Map<number, string>> => {
    if (new Set(ids).size !== ids.length) throw new HttpError(400, 'Одна позиция выбрана дважды.');
    const names = await itemNames(db, kind, ids);
    const missing = ids.find((id) => !names.has(id));
    if (missing !== undefined) {
      throw new HttpError(400, `${kind === 'video' ? 'Нет видео' : 'Нет радиозаписи'} с номером ${String(missing)}.`);
    }
    return names;
  };
  return { change, checkItems };
}
