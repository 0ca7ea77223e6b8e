import { z } from 'zod';
import { listQuerySchema } from './list';

/** One entry of the audit trail (issue 27): who did what to what, from where and why. */
export const auditEventSchema = z.object({
  _id: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  actorRole: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** The admin's search of the trail: newest first, by actor, action (or its area), target and time. */
export const auditQuerySchema = listQuerySchema(['createdAt']).extend({
  actorId: z.uuid('must be an id').optional(),
  /** An action (`account.suspend`) or its area (`account`). */
  action: z.string().trim().max(100).optional(),
  targetType: z.string().trim().max(50).optional(),
  targetId: z.string().trim().max(100).optional(),
  /** Words in the reason, the actor's name or the target's id. */
  q: z.string().trim().max(100).optional(),
  from: z.iso.datetime({ offset: true, message: 'must be a date and time' }).optional(),
  to: z.iso.datetime({ offset: true, message: 'must be a date and time' }).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
