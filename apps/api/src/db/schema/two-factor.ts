import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { sessions } from './platform/sessions';
import { users } from './users';

/**
 * An account's authenticator-app secret (decision 048), AES-256-GCM encrypted (platform/secret-box.ts).
 * `confirmedAt` is null while enrolment waits for the first code; `lastStep` is the 30-second
 * step of the last code accepted, so a code cannot be used twice in its window.
 */
export const totpSecrets = pgTable('totp_secrets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** One-use recovery codes, stored as SHA-256 hashes; generating a new set deletes the old. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_key').on(t.userId, t.codeHash)],
);

/** WebAuthn credentials (passkeys): a second factor, and a password-free sign-in when discoverable. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the browser sends it. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('passkeys_user_id_idx').on(t.userId)],
);

/**
 * Short-lived sign-in steps every process can read: a password-checked sign-in waiting for its
 * second factor (`second_factor`, found by the hash of the opaque token the client holds), and
 * WebAuthn challenges (`passkey_register`, `passkey_assert`, found by id). Each is used once.
 */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    id: id(),
    purpose: text('purpose').$type<'second_factor' | 'passkey_register' | 'passkey_assert'>().notNull(),
    tokenHash: text('token_hash').unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The WebAuthn challenge (base64url) issued for this step, if any. */
    challenge: text('challenge'),
    detail: jsonb('detail').$type<{ remember?: boolean; method?: string }>().notNull().default({}),
    failures: integer('failures').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('auth_challenges_expires_at_idx').on(t.expiresAt)],
);

/** When a session last proved a second factor (a step-up): payout changes accept it for 10 minutes. */
export const sessionStepUps = pgTable('session_step_ups', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
});
