import { z } from 'zod';
import type { ErrorDetail } from './errors';

/**
 * What PostgreSQL text cannot hold: NUL, and an unpaired UTF-16 surrogate (it has no UTF-8 form).
 * JSON, query strings, paths and multipart fields can all carry both.
 */
export const UNSTORABLE_TEXT_MESSAGE = 'must not contain NUL characters or unpaired surrogates';
export const isStorableText = (text: string) => !text.includes('\u0000') && !/\p{Cs}/u.test(text);

/** No form or filter nests this deep; deeper input is refused before anything walks it. */
export const MAX_INPUT_DEPTH = 32;

/**
 * The fields of `input` (strings and object keys, at any depth) that text columns cannot hold,
 * and input nested deeper than MAX_INPUT_DEPTH. The API runs every request's body, query and path
 * through it before their schemas, so no route can forget a field; it names each one as the
 * schemas do (`options.1.text`). Iterative, so hostile nesting cannot exhaust the stack.
 */
export function unstorableInputFields(input: unknown): ErrorDetail[] {
  const found: ErrorDetail[] = [];
  const pending: Array<{ value: unknown; path: string[] }> = [{ value: input, path: [] }];
  while (pending.length) {
    const { value, path } = pending.pop()!;
    const field = path.join('.') || '(root)';
    if (typeof value === 'string') {
      if (!isStorableText(value)) found.push({ field, message: UNSTORABLE_TEXT_MESSAGE });
    } else if (value && typeof value === 'object' && !ArrayBuffer.isView(value)) {
      if (path.length >= MAX_INPUT_DEPTH) {
        found.push({ field, message: `is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)` });
        continue;
      }
      for (const [key, item] of Object.entries(value).reverse()) {
        if (isStorableText(key)) pending.push({ value: item, path: [...path, key] });
        else found.push({ field: [...path, key].join('.'), message: UNSTORABLE_TEXT_MESSAGE });
      }
    }
  }
  return found;
}

/** PostgreSQL's integer column: a count or a position past it fails in the database, so schemas stop there. */
export const MAX_INTEGER_COLUMN = 2_147_483_647;

/** The spec's loose http/https check for URL fields (section 5). */
export const looseUrl = z
  .string()
  .trim()
  .regex(/^https?:\/\/[^\s]+$/i, 'must be an http or https URL');

/** Query strings repeat array values (`?a=1&a=2`); a single value arrives as a string. */
export const queryArray = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value === undefined || Array.isArray(value) ? value : [value]), z.array(item));

/** Query strings carry booleans as text. */
export const queryBoolean = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/**
 * Usernames double as profile URLs (`/{profileId}`), so they must not shadow an app route.
 */
export const RESERVED_USERNAMES = [
  'admin',
  'api',
  'auth',
  'home',
  'user',
  'users',
  'creator',
  'creators',
  'performer',
  'performers',
  'socket.io',
  'assets',
  'static',
  'settings',
  'login',
  'logout',
  'register',
  'page',
  'posts',
  'messages',
  'wallet',
  'payment',
  'search',
  'contact',
  'maintenance',
  'favicon.ico',
  'leaf.jpg',
] as const;

export const usernameSchema = z
  .string()
  .trim()
  .min(3, 'must be at least 3 characters')
  .max(40, 'must be at most 40 characters')
  .regex(/^[a-zA-Z0-9_.-]+$/, 'may contain only letters, digits, dot, dash and underscore')
  .refine((value) => !(RESERVED_USERNAMES as readonly string[]).includes(value.toLowerCase()), 'is reserved');

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email('must be a valid e-mail address')).pipe(z.string().max(254));

/**
 * When HASH_PW_CLIENT is on the browser sends a SHA-256 hex digest instead of the password,
 * which is 64 characters long, so the bounds hold for both forms.
 */
export const passwordSchema = z.string().min(8, 'must be at least 8 characters').max(128, 'must be at most 128 characters');

/** Proves the account's owner is at the keyboard: sensitive changes carry it (spec 5). */
export const currentPasswordSchema = z.string().min(1, 'is required').max(128, 'must be at most 128 characters');

/** A phone number as people write it: digits with spaces, +, -, dots or parentheses. */
export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ().-]{6,20}$/, 'must be a phone number (digits, spaces, +, -, parentheses)');

export const countryCodeSchema = z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code in capitals');

export const nameSchema = z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters');

// Missing fields read "is required" everywhere (API answers and forms) instead of zod's type jargon.
z.config({
  customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : undefined),
});
