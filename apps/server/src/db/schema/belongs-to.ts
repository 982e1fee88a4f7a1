import { type AnyPgColumn, integer } from 'drizzle-orm/pg-core';

/** The required reference of a row to the row it belongs to: removed with it. */
export const belongsTo = (owner: () => AnyPgColumn) => integer().notNull().references(owner, { onDelete: 'cascade' });
