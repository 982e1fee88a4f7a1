// A showcase list the studio keeps in order (the home page's rows, the radio listings, the polls,
// a slideshow's slides), written once and told the list: reading it, adding, changing and removing
// an entry, and a new order, each with its audit entry and published at once. What differs
// (tables, views, checks, words) is each list's shape. A list that is one of its kind answers its
// calls through one registration (routeOrderedList).
import type { StudioCallName } from '@efir/contract';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Db } from '../db/database.ts';
import { HttpError } from '../lib/http-error.ts';
import { itemNames } from '../repositories/studio-showcase.ts';
import type { StudioContext } from './context.ts';
import { orderRefused, publicChanges } from './public-changes.ts';
import { studioRoute } from './route.ts';

/** What one list is to the studio; `Scope` names one of several lists of a kind (a slideshow). */
export interface ListShape<Row extends { id: number }, View, Added, Changed, Scope> {
  /** The audit entries' entity and the first part of their actions («home-row» → «home-row.add»). */
  entity: string;
  /** The answer to an id that names no entry. */
  noSuch: string;
  rows: (db: Db, scope: Scope) => Promise<Row[]>;
  find: (db: Db, id: number) => Promise<Row | undefined>;
  add: (db: Db, fields: Added, scope: Scope) => Promise<Row>;
  update: (db: Db, id: number, fields: Changed) => Promise<Row | undefined>;
  remove: (db: Db, id: number) => Promise<unknown>;
  /** Writes the order of `ids`; false when they are not the list's entries. */
  order: (db: Db, ids: number[], scope: Scope) => Promise<boolean>;
  /** The entries as the studio shows them (the names of the items they pick, say). */
  views: (rows: Row[]) => Promise<View[]> | View[];
  /** What the audit log keeps of an entry; the row itself unless said. */
  audited?: (row: Row) => unknown;
  /** Refuses fields that name what does not exist. */
  check?: (fields: Added | Changed) => Promise<void>;
}

export function orderedList<Row extends { id: number }, View, Added, Changed, Scope>(
  context: StudioContext,
  shape: ListShape<Row, View, Added, Changed, Scope>,
) {
  const { db } = context;
  const { change } = publicChanges(context);
  const { entity } = shape;
  const audited = (row: Row): unknown => (shape.audited === undefined ? row : shape.audited(row));
  const viewOf = async (row: Row): Promise<View> => {
    const [view] = await shape.views([row]);
    if (view === undefined) throw new Error(`${entity} ${String(row.id)}: no view`);
    return view;
  };
  const find = async (id: number): Promise<Row> => {
    const row = await shape.find(db, id);
    if (row === undefined) throw new HttpError(404, shape.noSuch);
    return row;
  };
  /** Writes a change of an entry with its audit entry: what it was and what it is. */
  const edit = async (
    request: FastifyRequest,
    action: string,
    before: Row,
    write: (tx: Db) => Promise<Row | undefined>,
  ) =>
    viewOf(
      await change(request, async (tx) => {
        const after = (await write(tx)) ?? before;
        return {
          result: after,
          change: {
            action: `${entity}.${action}`,
            entity,
            entityId: before.id,
            before: audited(before),
            after: audited(after),
          },
        };
      }),
    );

  return {
    find,
    edit,
    list: async (scope: Scope): Promise<View[]> => shape.views(await shape.rows(db, scope)),

    async add(request: FastifyRequest, fields: Added, scope: Scope): Promise<View> {
      await shape.check?.(fields);
      const row = await change(request, async (tx) => {
        const added = await shape.add(tx, fields, scope);
        return {
          result: added,
          change: { action: `${entity}.add`, entity, entityId: added.id, after: audited(added) },
        };
      });
      return viewOf(row);
    },

    async update(request: FastifyRequest, id: number, fields: Changed): Promise<View> {
      const before = await find(id);
      await shape.check?.(fields);
      return edit(request, 'update', before, (tx) => shape.update(tx, before.id, fields));
    },

    /** Removes an entry; answers what it was, for the files it leaves. */
    async remove(request: FastifyRequest, id: number): Promise<Row> {
      const before = await find(id);
      await change(request, async (tx) => {
        await shape.remove(tx, before.id);
        return {
          result: undefined,
          change: { action: `${entity}.delete`, entity, entityId: before.id, before: audited(before) },
        };
      });
      return before;
    },

    /** A new order, refused when the list changed meanwhile; answers the list as it now is. */
    async order(request: FastifyRequest, ids: number[], scope: Scope): Promise<View[]> {
      const before = await shape.rows(db, scope);
      await change(request, async (tx) => {
        if (!(await shape.order(tx, ids, scope))) throw orderRefused;
        return {
          result: undefined,
          change: { action: `${entity}.order`, entity, before: before.map((row) => row.id), after: ids },
        };
      });
      return shape.views(await shape.rows(db, scope));
    },
  };
}

/** The items each of `rows` picks (videos or radios) with their names, as the studio shows them:
 * one removed since is left out. */
export async function pickedItems<Row>(
  db: Db,
  kind: 'video' | 'radio',
  rows: readonly Row[],
  idsOf: (row: Row) => readonly number[],
): Promise<(row: Row) => { id: number; name: string }[]> {
  const names = await itemNames(db, kind, rows.flatMap(idsOf));
  return (row) =>
    idsOf(row).flatMap((id) => {
      const name = names.get(id);
      return name === undefined ? [] : [{ id, name }];
    });
}

/** The contract's names of a list's calls. */
export interface ListCalls {
  list: StudioCallName;
  add: StudioCallName;
  update: StudioCallName;
  remove: StudioCallName;
  order: StudioCallName;
}

/** What a list's call is asked: the contract's schema of the call has validated it. */
type ListRequest<Body> = FastifyRequest & { body: Body; params: { id: number } };

/** Answers the calls of a list that is one of its kind (a slideshow's slides are one list of three). */
export function routeOrderedList<Row extends { id: number }, View, Added, Changed>(
  app: FastifyInstance,
  context: StudioContext,
  calls: ListCalls,
  shape: ListShape<Row, View, Added, Changed, undefined>,
): void {
  const list = orderedList(context, shape);
  const route = <Body>(name: StudioCallName, handler: (request: ListRequest<Body>) => Promise<unknown>): void => {
    // Typed by the contract's schemas of `name` at run time, which TypeScript cannot follow to `shape`.
    app.route({ ...studioRoute(name), handler } as RouteOptions);
  };
  route(calls.list, () => list.list(undefined));
  route<Added>(calls.add, (request) => list.add(request, request.body, undefined));
  route<Changed>(calls.update, (request) => list.update(request, request.params.id, request.body));
  route(calls.remove, async (request) => {
    await list.remove(request, request.params.id);
    return { ok: true as const };
  });
  route<{ ids: number[] }>(calls.order, (request) => list.order(request, request.body.ids, undefined));
}
