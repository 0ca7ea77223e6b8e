import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns';

/**
 * Secrets the processes of one site must share (the key that signs media links), made at first
 * start and kept in the database so that every process reads the same one.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
