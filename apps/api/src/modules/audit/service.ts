import type { AuditEvent, AuditQuery } from '@limelight/contracts';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client';
import { auditEventsPage, insertAuditEvent } from './repo';

/** Who acted and from where: taken from the request, or `system` for jobs and the command line. */
export type AuditSource = {
  actor: { id: string; name?: string | null; username?: string | null; role?: string | null } | null;
  ip?: string | null;
  userAgent?: string | null;
};

export const systemSource: AuditSource = { actor: null };

/** The signed-in caller of a request as an audit source (a guard has made sure there is one). */
export function auditSourceOf(request: FastifyRequest): AuditSource {
  const user = request.session?.user;
  return {
    actor: user ? { id: user.id, name: user.name, username: user.username, role: user.role } : null,
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
  };
}

/** A signed-in user acting outside a request's audit source (in a link's transaction, or deleting their own content). */
export const auditSourceOfUser = (user: { id: string; name: string | null; username: string | null; role: string }): AuditSource => ({
  actor: { id: user.id, name: user.name, username: user.username, role: user.role },
});

export type AuditEntry = {
  action: string;
  target?: { type: string; id: string };
  reason?: string | null;
  details?: Record<string, unknown>;
};

/**
 * Records one entry of the trail. Call it inside the transaction that makes the change, so the
 * entry exists exactly when the change does.
 */
export async function recordAudit(db: Queryable, source: AuditSource, entry: AuditEntry): Promise<void> {
  await insertAuditEvent(db, {
    actorId: source.actor?.id ?? null,
    actorName: source.actor ? (source.actor.username ?? source.actor.name ?? null) : 'system',
    actorRole: source.actor?.role ?? null,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    reason: entry.reason?.trim() || null,
    details: entry.details ?? {},
    ip: source.ip ?? null,
    userAgent: source.userAgent ?? null,
  });
}

export async function searchAudit(db: Queryable, query: AuditQuery): Promise<{ data: AuditEvent[]; total: number }> {
  const { rows, total } = await auditEventsPage(db, query);
  return {
    data: rows.map((row) => ({
      _id: row.id,
      actorId: row.actorId,
      actorName: row.actorName,
      actorRole: row.actorRole,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      reason: row.reason,
      details: row.details,
      ip: row.ip,
      userAgent: row.userAgent,
      createdAt: row.createdAt.toISOString(),
    })),
    total,
  };
}
