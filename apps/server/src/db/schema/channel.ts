import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * The channels the site airs: the spec's `tv` and `radio`, written by the migration, and any an
 * operator adds. A video channel's days are teleprogram rows, an audio channel's radioprogram rows.
 */
export const channel = pgTable(
  'channel',
  {
    /** Its streams' folder and its name in code (`tv`, `kino`). */
    slug: text().primaryKey(),
    name: text().notNull(),
    kind: text({ enum: ['video', 'audio'] }).notNull(),
    /** Its place in the switchers and the IPTV list. */
    position: integer().notNull().default(0),
    /** Its logo under DATA_DIR/media, or null for the site's own. */
    logo: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('channel_kind_check', sql`${table.kind} in ('video', 'audio')`)],
);
