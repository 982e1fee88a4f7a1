import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';

export const poll = pgTable('poll', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  question: text().notNull(),
  variant1: text().notNull().default(''),
  variant2: text().notNull().default(''),
  variant3: text().notNull().default(''),
  variant4: text().notNull().default(''),
  votes1: integer().notNull().default(0),
  votes2: integer().notNull().default(0),
  votes3: integer().notNull().default(0),
  votes4: integer().notNull().default(0),
  active: boolean().notNull().default(true),
  position: integer().notNull().default(0),
});
