import { z } from 'zod';

export const LIST_DEFAULT_LIMIT = 10;
export const LIST_MAX_LIMIT = 100;

/**
 * Query parameters every list endpoint takes. `limit` above the cap is clamped, not refused,
 * so a client asking for "everything" still gets a fast answer.
 */
export const listQuerySchema = <const S extends readonly [string, ...string[]]>(sortable: S) =>
  z.object({
    offset: z.coerce.number().int().min(0, 'must be 0 or more').default(0),
    limit: z.coerce
      .number()
      .int()
      .min(1, 'must be 1 or more')
      .default(LIST_DEFAULT_LIMIT)
      .transform((value) => Math.min(value, LIST_MAX_LIMIT)),
    sortBy: z.enum(sortable).default(sortable.includes('updatedAt') ? ('updatedAt' as S[number]) : sortable[0]),
    sort: z.enum(['asc', 'desc']).default('desc'),
  });

export const listResponseSchema = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), total: z.number().int() });

export type ListResponse<T> = { data: T[]; total: number };
export type SortOrder = 'asc' | 'desc';
