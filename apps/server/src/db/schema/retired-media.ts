import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Media files no catalogue item uses any more (a removed item's, replaced media) that the aired
 * log still names: players may still ask for them, so they are removed once it no longer does.
 */
export const retiredMedia = pgTable('retired_media', {
  /** Under the media directory: `v/<uuid>`, `r/<uuid>` or `p/<uuid>.jpg`. */
  path: text().primaryKey(),
  retiredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
