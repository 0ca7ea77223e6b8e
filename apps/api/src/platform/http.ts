import type { SortOrder } from '@limelight/contracts';
import { type AnyColumn, asc, desc } from 'drizzle-orm';
import { badRequest } from './errors';

/**
 * ORDER BY for a list query: the requested column, then the id so that pages are stable
 * when many rows share a value.
 */
export function orderBy(columns: Record<string, AnyColumn>, sortBy: string, sort: SortOrder, tieBreaker: AnyColumn) {
  const column = columns[sortBy] ?? tieBreaker;
  const direction = sort === 'asc' ? asc : desc;
  return [direction(column), direction(tieBreaker)];
}

/** A unique-constraint violation from either driver, with the constraint's name. */
export function uniqueViolation(error: unknown): string | undefined {
  const candidate = (error as { cause?: unknown })?.cause ?? error;
  const { code, constraint } = (candidate ?? {}) as { code?: string; constraint?: string };
  return code === '23505' ? (constraint ?? '') : undefined;
}

/** `text` as a literal inside a LIKE pattern: its wildcards and the escape character escaped. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Whether a path parameter is one of our ids rather than a username or slug. */
export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** An opaque keyset cursor: the sort values of the last row of a page. */
export const encodeCursor = (values: string[]) => Buffer.from(JSON.stringify(values)).toString('base64url');

/** The values of a cursor made by `encodeCursor`; a 400 naming `cursor` when it is not one. */
export function decodeCursor(cursor: string, size: number): string[] {
  try {
    const values = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown;
    if (Array.isArray(values) && values.length === size && values.every((value) => typeof value === 'string')) return values;
  } catch {
    // Falls through to the 400 below.
  }
  throw badRequest('cursor is not valid: use the nextCursor of the previous page', [{ field: 'cursor', message: 'is not valid' }]);
}
