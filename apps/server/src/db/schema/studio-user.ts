import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** An account of the studio: an admin, an editor or a moderator. */
export const studioUser = pgTable('studio_user', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  /** Lower case, unique: what the account signs in with. */
  login: text().notNull().unique(),
  /** Argon2id, in the PHC string format (the parameters travel with the hash). */
  passwordHash: text().notNull(),
  /** 'admin', 'editor' or 'moderator'. */
  role: text().notNull(),
  disabledAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
