import type { adminReportQuerySchema, createReportSchema, Report } from '@limelight/contracts';
import { and, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { comments, feeds, galleries, reports, users, videos } from '../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { conflict, notFound } from '../../platform/errors';
import { orderBy, uniqueViolation } from '../../platform/http';
import { alertAdmin } from '../emails';
import { publicUsersById } from '../users';

type ReportInput = z.output<typeof createReportSchema>;

const exists: Record<ReportInput['targetType'], (deps: Deps, id: string) => Promise<boolean>> = {
  feed: async (deps, id) => !!(await deps.db.select({ id: feeds.id }).from(feeds).where(eq(feeds.id, id)))[0],
  video: async (deps, id) => !!(await deps.db.select({ id: videos.id }).from(videos).where(eq(videos.id, id)))[0],
  gallery: async (deps, id) => !!(await deps.db.select({ id: galleries.id }).from(galleries).where(eq(galleries.id, id)))[0],
  performer: async (deps, id) =>
    !!(
      await deps.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, id), eq(users.role, 'performer')))
    )[0],
  comment: async (deps, id) => !!(await deps.db.select({ id: comments.id }).from(comments).where(eq(comments.id, id)))[0],
};

/** One report per user and target; the admin reviews them. */
export async function createReport(deps: Deps, reporter: SessionUser, input: ReportInput) {
  if (!(await exists[input.targetType](deps, input.targetId))) throw notFound('What you reported');
  try {
    await deps.db.transaction(async (tx) => {
      await tx.insert(reports).values({ ...input, reporterId: reporter.id });
      await alertAdmin(deps, tx, 'admin.reportReceived', {
        target: input.targetType,
        reason: input.reason,
        link: `${deps.config.publicUrl}/admin/reports`,
      });
    });
  } catch (error) {
    if (uniqueViolation(error) !== undefined) throw conflict('You have already reported this');
    throw error;
  }
}

export async function searchReports(deps: Deps, query: z.output<typeof adminReportQuerySchema>) {
  const where = and(
    query.status ? eq(reports.status, query.status) : undefined,
    query.targetType ? eq(reports.targetType, query.targetType) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    deps.db
      .select()
      .from(reports)
      .where(where)
      .orderBy(...orderBy({ createdAt: reports.createdAt, updatedAt: reports.updatedAt }, query.sortBy, query.sort, reports.id))
      .limit(query.limit)
      .offset(query.offset),
    deps.db.select({ total: count() }).from(reports).where(where),
  ]);
  const reporters = await publicUsersById(
    deps.db,
    rows.map((row) => row.reporterId),
  );
  const data: Report[] = rows.map((row) => ({
    _id: row.id,
    targetType: row.targetType as Report['targetType'],
    targetId: row.targetId,
    reason: row.reason as Report['reason'],
    description: row.description,
    status: row.status,
    reporter: reporters.get(row.reporterId)!,
    handledAt: row.handledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
  return { data, total: counted?.total ?? 0 };
}

export async function handleReport(deps: Deps, admin: SessionUser, id: string, status: 'open' | 'resolved' | 'dismissed') {
  const [row] = await deps.db
    .update(reports)
    .set({ status, handledBy: status === 'open' ? null : admin.id, handledAt: status === 'open' ? null : new Date() })
    .where(eq(reports.id, id))
    .returning();
  if (!row) throw notFound('Report');
}
