import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One change made through the studio or the operators' calls: who, when, what, before and after. */
export const auditEntry = pgTable(
  'audit_entry',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The account, while it exists; `actor` keeps its login either way. */
    userId: integer(),
    /** The account's login, or 'token' for the operators' bearer token, or 'cli' for the command line. */
    actor: text().notNull(),
    /** entity.verb: video.update, user.add, session.login… */
    action: text().notNull(),
    entity: text().notNull(),
    entityId: integer(),
    before: jsonb(),
    after: jsonb(),
    address: text().notNull().default(''),
  },
  (table) => [
    index('audit_entry_at_idx').on(table.at),
    index('audit_entry_actor_idx').on(table.actor, table.at),
    index('audit_entry_entity_idx').on(table.entity, table.entityId),
  ],
);
