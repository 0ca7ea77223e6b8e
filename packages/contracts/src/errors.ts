import { z } from 'zod';

// The codes and messages have no schema: they live apart so the web app's first screen loads them without zod.
export { ErrorCode, Messages } from './error-codes';

export const errorDetailSchema = z.object({ field: z.string(), message: z.string() });
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

/** The one error shape every endpoint answers with. */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  code: z.string(),
  details: z.array(errorDetailSchema).optional(),
  /** The request's id, as in its `x-request-id` header and the server's log lines about it. */
  requestId: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
