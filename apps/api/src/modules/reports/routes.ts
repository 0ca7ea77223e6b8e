import {
  adminReportQuerySchema,
  appealDecisionSchema,
  appealSchema,
  approveContentSchema,
  contentActionSchema,
  createReportSchema,
  dismissReportsSchema,
  listResponseSchema,
  moderatedItemSchema,
  PROFILE_REVISION_CASE,
  type ReportGroup,
  reportCaseTypes,
  reportedContentSchema,
  reportGroupQuerySchema,
  reportGroupSchema,
  reportSchema,
  reportStatuses,
  reportTargetTypes,
  takedownSchema,
} from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { perAccountRateLimit, requireUser, sessionOf } from '../../platform/auth';
import { sendCsv } from '../../platform/csv';
import { typesEnum } from '../../platform/selling';
import { requireAdmin } from '../access';
import * as reportsService from './service';

const message = z.object({ message: z.string() });
const held = z.object({ targetId: z.uuid('must be an id') });

export const reportsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // What may be reported and sits in the queue: the document's kinds, and any more sellables
    // that tell moderation what they are (a test's seller, decision 076).
    const targetType = typesEnum(reportTargetTypes, deps.sellables.reportable);
    const caseType = typesEnum(reportCaseTypes, deps.sellables.reportable);
    const target = z.object({ targetType: caseType, targetId: z.uuid('must be an id') });
    const report = reportSchema.extend({ targetType: caseType });
    app.post(
      '/reports',
      {
        preHandler: requireUser,
        config: perAccountRateLimit(20, '1 hour'),
        schema: {
          tags: ['reports'],
          summary: 'Report a piece of content or an account',
          operationId: 'createReport',
          body: createReportSchema.extend({ targetType }),
          response: { 200: message },
        },
      },
      async (request) => {
        await reportsService.createReport(deps, sessionOf(request).user, request.body);
        return { message: 'Thank you: an administrator will review your report.' };
      },
    );

    app.post(
      '/takedown',
      {
        // Each request opens a case the admin must answer: a handful an hour per visitor.
        config: { rateLimit: { max: 5, timeWindow: '1 hour' } },
        schema: {
          tags: ['reports'],
          summary: 'Send a takedown request, without an account',
          operationId: 'sendTakedownRequest',
          body: takedownSchema,
          response: { 200: z.object({ caseNumber: z.string(), message: z.string() }) },
        },
      },
      async (request) => {
        const { caseNumber } = await reportsService.openTakedown(deps, request.body, request.ip);
        return { caseNumber, message: `Your request is case ${caseNumber}; we have e-mailed you its number.` };
      },
    );

    app.get(
      '/moderation/items',
      {
        preHandler: requireUser,
        schema: {
          tags: ['reports'],
          summary: "List the signed-in account's hidden or removed content",
          operationId: 'listMyModeratedItems',
          response: { 200: z.array(moderatedItemSchema) },
        },
      },
      async (request) => reportsService.myModeratedItems(deps, sessionOf(request).user),
    );

    app.post(
      '/moderation/items/:targetId/appeal',
      {
        preHandler: requireUser,
        config: perAccountRateLimit(20, '1 hour'),
        schema: {
          tags: ['reports'],
          summary: 'Appeal the hiding or removal of your content',
          operationId: 'appealModeratedItem',
          params: held,
          body: appealSchema,
          response: { 200: message },
        },
      },
      async (request) => {
        await reportsService.appeal(deps, request, sessionOf(request).user, request.params.targetId, request.body.text);
        return { message: 'Your appeal was sent: an administrator will review it.' };
      },
    );

    app.get(
      '/admin/reports',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Search single reports',
          operationId: 'adminListReports',
          querystring: adminReportQuerySchema,
          response: { 200: listResponseSchema(report) },
        },
      },
      async (request) => reportsService.searchReports(deps, request.query),
    );

    app.get(
      '/admin/reports/groups',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'List the report queue, one row per reported target',
          operationId: 'adminListReportGroups',
          querystring: reportGroupQuerySchema,
          response: { 200: listResponseSchema(reportGroupSchema.extend({ targetType: caseType })) },
        },
      },
      async (request) => reportsService.reportGroups(deps, request.query),
    );

    app.get(
      '/admin/reports/groups/export.csv',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Export the report queue as CSV',
          operationId: 'adminExportReportGroups',
          querystring: reportGroupQuerySchema,
        },
      },
      async (request, reply) =>
        sendCsv<ReportGroup>(
          reply,
          'reports.csv',
          [
            ['targetType', (row) => row.targetType],
            ['targetId', (row) => row.targetId],
            ['reports', (row) => row.count],
            ['reasons', (row) => row.reasons.join(' ')],
            ['status', (row) => row.status],
            ['firstReportedAt', (row) => row.firstReportedAt],
            ['dueAt', (row) => row.dueAt],
            ['hold', (row) => row.hold?.state],
          ],
          (page) => reportsService.reportGroups(deps, { ...request.query, ...page }),
        ),
    );

    app.get(
      '/admin/reports/targets/:targetType/:targetId',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Get reported content in place, with its reports',
          operationId: 'adminGetReportedContent',
          params: target,
          response: { 200: reportedContentSchema.extend({ targetType: caseType, reports: z.array(report) }) },
        },
      },
      async (request) => reportsService.reportedContent(deps, request.params.targetType, request.params.targetId),
    );

    app.put(
      '/admin/reports/targets/:targetType/:targetId',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: "Dismiss a target's open reports, or refuse profile changes",
          operationId: 'adminDismissReports',
          params: target,
          body: dismissReportsSchema,
          response: { 200: message },
        },
      },
      async (request) => {
        const { targetType, targetId } = request.params;
        await reportsService.dismissReports(deps, request, sessionOf(request).user, targetType, targetId, request.body.reason);
        return { message: targetType === PROFILE_REVISION_CASE ? 'Profile changes refused' : 'Reports dismissed' };
      },
    );

    app.put(
      '/admin/reports/:id',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: "Set a single report's status",
          operationId: 'adminUpdateReportStatus',
          params: z.object({ id: z.uuid('must be an id') }),
          body: z.object({ status: z.enum(reportStatuses) }),
          response: { 200: message },
        },
      },
      async (request) => {
        await reportsService.handleReport(deps, request, sessionOf(request).user, request.params.id, request.body.status);
        return { message: 'Report updated' };
      },
    );

    app.post(
      '/admin/moderation/actions',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Hide, remove or restore a piece of content',
          operationId: 'adminModerateContent',
          body: contentActionSchema,
          response: { 200: message },
        },
      },
      async (request) => {
        await reportsService.actOnContent(deps, request, sessionOf(request).user, request.body);
        const done = { hide: 'Content hidden', remove: 'Content removed', restore: 'Content restored' } as const;
        return { message: done[request.body.action] };
      },
    );

    app.post(
      '/admin/moderation/approvals',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: "Approve held content or a creator's profile changes",
          operationId: 'adminApproveContent',
          body: approveContentSchema,
          response: { 200: message },
        },
      },
      async (request) => {
        await reportsService.approveContent(deps, request, sessionOf(request).user, request.body);
        return { message: request.body.targetType === PROFILE_REVISION_CASE ? 'Profile changes approved' : 'Approved and published' };
      },
    );

    app.get(
      '/admin/moderation/appeals',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'List the appeals waiting for a decision',
          operationId: 'adminListModerationAppeals',
          response: { 200: z.array(moderatedItemSchema) },
        },
      },
      async () => reportsService.pendingAppeals(deps),
    );

    app.put(
      '/admin/moderation/appeals/:targetId',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Decide an appeal: uphold the hold or restore the content',
          operationId: 'adminDecideModerationAppeal',
          params: held,
          body: appealDecisionSchema,
          response: { 200: message },
        },
      },
      async (request) => {
        await reportsService.decideAppeal(deps, request, request.params.targetId, request.body);
        return { message: 'Appeal decided' };
      },
    );
  };
