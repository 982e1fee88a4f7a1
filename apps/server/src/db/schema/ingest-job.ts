import { index, integer, jsonb, pgTable, real, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** An ingest waiting, running or ended; any worker process on the database may take one. */
export const ingestJob = pgTable(
  'ingest_job',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** 'video' or 'radio'. */
    kind: text().notNull(),
    /** What to ingest: the source file and the catalogue fields. */
    source: jsonb().$type<Record<string, unknown>>().notNull(),
    /** 'queued', 'running', 'done' or 'failed'. */
    state: text().notNull().default('queued'),
    /** Where a running job is: 'probing', 'encoding', 'finishing' (see the contract's jobStageSchema). */
    stage: text().notNull().default('queued'),
    progress: real().notNull().default(0),
    /** When its current attempt started: the time left is judged from it. */
    startedAt: timestamp({ withTimezone: true }),
    /** Taken before jobs of a lower priority: an editor's upload (1) before the demo's media (0). */
    priority: smallint().notNull().default(0),
    /** The catalogue item whose media it makes, when the item exists before the job. */
    itemId: integer(),
    error: text(),
    /** The id of the request that queued it (the log's `reqId`): its lines name it too. */
    requestId: text(),
    /** The id of the video or radio made. */
    resultId: integer(),
    attempts: smallint().notNull().default(0),
    /** A running job's last sign of life: a silent one is taken again by another worker. */
    heartbeatAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ingest_job_state_idx').on(table.state, table.id),
    index('ingest_job_item_idx').on(table.kind, table.itemId),
  ],
);
