import type { AgreementDocument } from '@limelight/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * What each account confirmed and accepted, and when (decision 050): being 18 or older, and each
 * version of the Terms and the Privacy policy (the CMS pages' `version`). One row per account,
 * document and version; never updated, so the record of what was accepted stays.
 */
export const agreements = pgTable(
  'agreements',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    document: text('document').$type<AgreementDocument>().notNull(),
    version: integer('version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.document, t.version] }),
    index('agreements_document_version_idx').on(t.document, t.version),
    check('agreements_document_check', sql`${t.document} in ('age', 'terms', 'privacy')`),
  ],
);
