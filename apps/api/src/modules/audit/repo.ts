import type { AuditQuery } from '@limelight/contracts';
import { and, desc, eq, gte, like, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { pageOf } from '../../db/paging';
import { auditEvents } from '../../db/schema/audit';
import { escapeLike } from '../../platform/http';

/** Appends one entry to the trail, on the caller's handle (the transaction that makes the change). */
export async function insertAuditEvent(db: Queryable, event: typeof auditEvents.$inferInsert) {
  await db.insert(auditEvents).values(event);
}

/** One page of the trail's entries matching the admin's filters, in the asked order, with the count. */
export function auditEventsPage(db: Queryable, query: AuditQuery) {
  const conditions: Array<SQL | undefined> = [
    query.actorId ? eq(auditEvents.actorId, query.actorId) : undefined,
    query.action ? or(eq(auditEvents.action, query.action), like(auditEvents.action, `${escapeLike(query.action)}.%`)) : undefined,
    query.targetType ? eq(auditEvents.targetType, query.targetType) : undefined,
    query.targetId ? eq(auditEvents.targetId, query.targetId) : undefined,
    query.from ? gte(auditEvents.createdAt, new Date(query.from)) : undefined,
    query.to ? lte(auditEvents.createdAt, new Date(query.to)) : undefined,
  ];
  if (query.q) {
    const pattern = `%${escapeLike(query.q.toLowerCase())}%`;
    conditions.push(
      or(
        sql`lower(coalesce(${auditEvents.reason}, '')) like ${pattern}`,
        sql`lower(coalesce(${auditEvents.actorName}, '')) like ${pattern}`,
        sql`lower(coalesce(${auditEvents.targetId}, '')) like ${pattern}`,
      ),
    );
  }
  const where = and(...conditions);
  const direction = query.sort === 'asc' ? sql`asc` : sql`desc`;
  return pageOf(
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(sql`${auditEvents.createdAt} ${direction}`, query.sort === 'asc' ? auditEvents.id : desc(auditEvents.id))
      .$dynamic(),
    query,
    db.$count(auditEvents, where),
  );
}
