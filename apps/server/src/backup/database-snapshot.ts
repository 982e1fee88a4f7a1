// The database's part of a backup, the same for PGlite and PostgreSQL: every table of the schema
// read in one snapshot (a read-only repeatable-read transaction) as PostgreSQL's own JSON of its
// rows, and written back by PostgreSQL's own reading of that JSON (`json_populate_recordset`), so
// every type (timestamps, arrays, jsonb, bytea) round-trips exactly, from either database into
// either. The tables and their order come from the catalogue at run time: a migration that adds a
// table needs nothing here.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

interface TableShape {
  name: string;
  /** Written and restored: the generated ones are computed again. */
  columns: string[];
  key: { name: string; type: string }[];
}

const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`;

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return (await db.execute<T & Record<string, unknown>>(query)).rows;
}

/** The schema's tables, each after the tables its rows refer to. */
export async function tablesInOrder(db: Db): Promise<TableShape[]> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
  );
  const references = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`SELECT ch.relname AS child, pa.relname AS parent FROM pg_constraint k
        JOIN pg_class ch ON ch.oid = k.conrelid JOIN pg_class pa ON pa.oid = k.confrelid
        JOIN pg_namespace n ON n.oid = ch.relnamespace
        WHERE k.contype = 'f' AND n.nspname = 'public' AND ch.oid <> pa.oid`,
  );
  const columns = await rowsOf<{ table: string; name: string; type: string; generated: boolean; key: number | null }>(
    db,
    sql`SELECT c.relname AS "table", a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type,
          a.attgenerated <> '' AS generated, array_position(i.indkey::int2[], a.attnum) - array_lower(i.indkey::int2[], 1) AS key
        FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        LEFT JOIN pg_index i ON i.indrelid = c.oid AND i.indisprimary
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
        ORDER BY c.relname, a.attnum`,
  );
  const shapes = new Map<string, TableShape>();
  for (const { name } of tables) shapes.set(name, { name, columns: [], key: [] });
  for (const column of columns) {
    const shape = shapes.get(column.table);
    if (shape === undefined) continue;
    if (!column.generated) shape.columns.push(column.name);
    if (column.key !== null) shape.key[column.key] = { name: column.name, type: column.type };
  }
  const ordered: TableShape[] = [];
  const placed = new Set<string>();
  const place = (name: string, path: string[]): void => {
    if (placed.has(name)) return;
    if (path.includes(name)) throw new Error(`tables refer to each other in a circle: ${[...path, name].join(' → ')}`);
    for (const { child, parent } of references) if (child === name) place(parent, [...path, name]);
    placed.add(name);
    const shape = shapes.get(name);
    if (shape === undefined) return;
    if (shape.key.length === 0) throw new Error(`table ${name} has no primary key to read it in order`);
    ordered.push(shape);
  };
  for (const { name } of tables) place(name, []);
  return ordered;
}

/** Rows per read and per write: small enough for any statement's time limit. */
const batchRows = 2000;

/**
 * Reads every table in one snapshot and hands each its rows, a JSON text a line, in key order; the
 * tables in `tablesInOrder`'s order. Nothing else waits for the snapshot on PostgreSQL; PGlite has
 * one connection, so the site's own queries wait while it is read.
 */
export async function readSnapshot(
  db: Db,
  onTable: (table: string, rows: AsyncIterable<string>) => Promise<void>,
): Promise<Date> {
  return db.transaction(
    async (tx) => {
      const takenAt = (await rowsOf<{ now: Date | string }>(tx, sql`SELECT now() AS now`))[0]?.now;
      for (const table of await tablesInOrder(tx)) {
        await onTable(table.name, tableRows(tx, table));
      }
      return new Date(takenAt ?? Date.now());
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function* tableRows(db: Db, table: TableShape): AsyncIterable<string> {
  const keyList = sql.raw(table.key.map((column) => `t.${quote(column.name)}`).join(', '));
  const picked = sql.raw(table.columns.map((column) => `t.${quote(column)}`).join(', '));
  let after: string[] | undefined;
  for (;;) {
    const from =
      after === undefined
        ? sql``
        : sql`WHERE (${keyList}) > (${sql.join(
            after.map((value, i) => sql`${value}::${sql.raw(table.key[i]?.type ?? 'text')}`),
            sql`, `,
          )})`;
    const keys = sql.raw(table.key.map((column, i) => `t.${quote(column.name)}::text AS k${i}`).join(', '));
    const rows = await rowsOf<Record<string, string>>(
      db,
      sql`SELECT to_json(r)::text AS "row", ${keys} FROM ${sql.raw(quote(table.name))} t
          CROSS JOIN LATERAL (SELECT ${picked}) r ${from} ORDER BY ${keyList} LIMIT ${batchRows}`,
    );
    for (const row of rows) yield row.row ?? '';
    const last = rows.at(-1);
    if (rows.length < batchRows || last === undefined) return;
    after = table.key.map((_column, i) => last[`k${i}`] ?? '');
  }
}

/** Tables whose rows mean the database is in use: a restore never writes over them. */
const contentTables = ['video_category', 'radio_category', 'studio_user', 'aired_segment', 'chat_message'];

/** The tables of `contentTables` that hold rows. */
export async function tablesInUse(db: Db): Promise<string[]> {
  const used: string[] = [];
  for (const table of contentTables) {
    const rows = await rowsOf<{ used: boolean }>(
      db,
      sql`SELECT EXISTS (SELECT 1 FROM ${sql.raw(quote(table))}) AS used`,
    );
    if (rows[0]?.used === true) used.push(table);
  }
  return used;
}

/** Writing a snapshot back, inside the caller's transaction, into a database nobody uses yet. */
export class SnapshotWriter {
  private readonly shapes: Map<string, TableShape>;
  private readonly db: Db;

  private constructor(db: Db, tables: TableShape[]) {
    this.db = db;
    this.shapes = new Map(tables.map((table) => [table.name, table]));
  }

  /**
   * Empties every table (what the migrations put there goes: the backup has its own) and holds the
   * tables' own triggers until `finish`: the rows go back as they were, not as the triggers would
   * derive them again (the search words the catalogue's rows add, say). Disabling a table's own
   * triggers needs its owner, not a superuser.
   */
  static async start(db: Db): Promise<SnapshotWriter> {
    const tables = await tablesInOrder(db);
    await db.execute(sql.raw(`TRUNCATE ${tables.map((table) => quote(table.name)).join(', ')}`));
    for (const table of tables) await db.execute(sql.raw(`ALTER TABLE ${quote(table.name)} DISABLE TRIGGER USER`));
    return new SnapshotWriter(db, tables);
  }

  /** Writes a table's rows (JSON texts); answers how many. */
  async write(table: string, rows: AsyncIterable<string>): Promise<number> {
    const shape = this.shapes.get(table);
    if (shape === undefined) throw new Error(`the backup has a table this schema has not: ${table}`);
    const columns = sql.raw(shape.columns.map(quote).join(', '));
    let batch: string[] = [];
    let count = 0;
    const flush = async (): Promise<void> => {
      if (batch.length === 0) return;
      try {
        await this.db.execute(
          sql`INSERT INTO ${sql.raw(quote(table))} (${columns}) SELECT ${columns}
            FROM json_populate_recordset(NULL::${sql.raw(quote(table))}, ${`[${batch.join(',')}]`}::json)`,
        );
      } catch (error) {
        // The driver's own words, not the query with its thousands of rows.
        const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
        throw new Error(
          `table ${table}, rows ${String(count + 1)}–${String(count + batch.length)}: ${cause instanceof Error ? cause.message : String(cause)}`,
          { cause: error },
        );
      }
      count += batch.length;
      batch = [];
    };
    for await (const row of rows) {
      batch.push(row);
      if (batch.length >= batchRows) await flush();
    }
    await flush();
    return count;
  }

  /** Sets every identity's next number past the rows written; the triggers work again. */
  async finish(): Promise<void> {
    for (const table of this.shapes.keys())
      await this.db.execute(sql.raw(`ALTER TABLE ${quote(table)} ENABLE TRIGGER USER`));
    const identities = await rowsOf<{ table: string; column: string; sequence: string }>(
      this.db,
      sql`SELECT c.relname AS "table", a.attname AS "column",
            pg_get_serial_sequence(quote_ident(c.relname), a.attname) AS sequence
          FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
          JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND a.attidentity <> '' AND NOT a.attisdropped`,
    );
    for (const { table, column, sequence } of identities) {
      await this.db.execute(
        sql`SELECT setval(${sequence}, COALESCE((SELECT max(${sql.raw(quote(column))}) FROM ${sql.raw(quote(table))}), 0) + 1, false)`,
      );
    }
  }
}
