import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { belongsTo } from './belongs-to.ts';
import { studioUser } from './studio-user.ts';

/** A signed-in browser: any node accepts it. The cookie holds a secret whose digest is the key. */
export const studioSession = pgTable(
  'studio_session',
  {
    /** SHA-256 of the cookie's secret, hex: a leaked table signs nobody in. */
    id: text().primaryKey(),
    userId: belongsTo(() => studioUser.id),
    csrfToken: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The absolute end; an idle session ends sooner (lastSeenAt + the idle limit). */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    address: text().notNull().default(''),
  },
  (table) => [index('studio_session_user_idx').on(table.userId)],
);
