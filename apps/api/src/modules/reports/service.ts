import {
  type ApproveContentInput,
  type adminReportQuerySchema,
  type appealDecisionSchema,
  type ContentActionInput,
  type createReportSchema,
  type ModeratedItem,
  PRE_PUBLICATION_REASON,
  PROFILE_REVISION_CASE,
  type PrePublicationType,
  REPORT_LIMIT_DAYS,
  type Report,
  type ReportedContent,
  type ReportGroup,
  type reportGroupQuerySchema,
  type TakedownInput,
  type takedownSchema,
} from '@limelight/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import type { moderationHolds, reports } from '../../db/read/moderation';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { conflict, notFound } from '../../platform/errors';
import { uniqueViolation } from '../../platform/http';
import { verifyRecaptchaIfEnabled } from '../../platform/recaptcha';
import { PUBLIC_PREFIX, publicUrl } from '../../platform/storage';
import { assertMay, hasBuyers, holdOn } from '../access';
import { auditSourceOf, recordAudit } from '../audit';
import { alertAdmin, sendEmail } from '../emails';
import { announcePost, publishApprovedFeed } from '../feeds';
import { rememberRemovedImages, removeStored } from '../media';
import { retractHeldLine } from '../messages';
import {
  closeOpenCases,
  liftHolds,
  liftReviewHolds,
  openCase,
  openTakedownCase,
  placeHolds,
  recordAppeal,
  setCaseStatus,
  upholdAppeal,
  waitsForReview,
} from '../moderation';
import { notify } from '../notifications';
import { applyRevision, refuseRevision, revisionForReview } from '../performers';
import { startStoryLifetime } from '../stories';
import { publicUsersById } from '../users';
import {
  filesById,
  holdById,
  holdsOwnedBy,
  lockedHold,
  pendingAppealHolds,
  recipientById,
  recipientsByIds,
  reportGroupsPage,
  reportsOn,
  reportsPage,
  takedownCaseById,
} from './repo';
import { assertReportable, readTarget } from './targets';

/** A report's input; its target may be any reportable sellable's type besides the document's (decision 076). */
type ReportInput = Omit<z.output<typeof createReportSchema>, 'targetType'> & { targetType: string };
const SIGNED_SECONDS = 10 * 60;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Who a moderation e-mail goes to: an account (its name), or the sender of a takedown request. */
type Recipient = { id?: string; email: string | null; name: string | null; username?: string | null };

/**
 * Every e-mail of moderation, in one place, each a template of the catalogue: `takedown.received`,
 * `content.hidden`, `content.removed`, `appeal.decided`, `report.outcome`.
 */
type ModerationMail =
  | { key: 'takedown.received'; caseNumber: string }
  | { key: 'content.hidden' | 'content.removed'; content: string; reason: string }
  | { key: 'appeal.decided'; content: string; upheld: boolean; reason: string }
  | { key: 'report.outcome'; what: string; actionTaken: boolean };

export async function sendModerationMail(deps: Deps, tx: Queryable, recipient: Recipient | undefined, mail: ModerationMail) {
  if (!recipient?.email) return;
  const to = { to: recipient.email, userId: recipient.id ?? null };
  const name = recipient.name || recipient.username;
  const link = `${deps.config.publicUrl}/moderation`;
  switch (mail.key) {
    case 'takedown.received':
      await sendEmail(deps, tx, mail.key, { ...to, vars: { name, caseNumber: mail.caseNumber, days: String(REPORT_LIMIT_DAYS) } });
      return;
    case 'content.hidden':
    case 'content.removed':
      await sendEmail(deps, tx, mail.key, { ...to, vars: { name, content: mail.content, reason: mail.reason, link } });
      return;
    case 'appeal.decided':
      await sendEmail(deps, tx, mail.key, {
        ...to,
        vars: {
          name,
          content: mail.content,
          outcome: mail.upheld ? 'not granted: the decision stands' : 'granted: it is restored',
          reason: mail.reason,
          link,
        },
      });
      return;
    case 'report.outcome':
      await sendEmail(deps, tx, mail.key, {
        ...to,
        vars: { name, what: mail.what, outcome: mail.actionTaken ? 'action taken' : 'no action' },
      });
  }
}

const label = (type: string) =>
  ({ liveChat: 'live chat line', live: 'live session', performer: 'creator profile', feed: 'post' })[type] ?? type;

/** The content as its owner's e-mail names it: `video “Beach day”`, or `post` where the title is only the kind. */
const contentOf = (what: string, title: string | undefined) =>
  title && title.toLowerCase() !== what.toLowerCase() ? `${what} “${title}”` : what;

/** One report per user and target, on something the reporter may see (404 otherwise, as for a missing one). */
export async function createReport(deps: Deps, reporter: SessionUser, input: ReportInput) {
  await assertReportable(deps, reporter, input.targetType, input.targetId);
  try {
    await deps.db.transaction(async (tx) => {
      await openCase(tx, { ...input, reporterId: reporter.id });
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

async function presentReports(deps: Deps, rows: Array<typeof reports.$inferSelect>): Promise<Report[]> {
  const reporters = await publicUsersById(
    deps.db,
    rows.flatMap((row) => (row.reporterId ? [row.reporterId] : [])),
  );
  return rows.map((row) => ({
    _id: row.id,
    targetType: row.targetType as Report['targetType'],
    targetId: row.targetId,
    reason: row.reason as Report['reason'],
    description: row.description,
    status: row.status,
    reporter: row.reporterId ? (reporters.get(row.reporterId) ?? null) : null,
    handledAt: row.handledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function searchReports(deps: Deps, query: z.output<typeof adminReportQuerySchema>) {
  const { rows, total } = await reportsPage(deps.db, query);
  return { data: await presentReports(deps, rows), total };
}

/** The queue: one row per target with its count, reasons and the age of its oldest report (oldest first by default). */
export async function reportGroups(deps: Deps, query: z.output<typeof reportGroupQuerySchema>) {
  const { rows, total } = await reportGroupsPage(deps.db, query);
  const data: ReportGroup[] = rows.map((row) => {
    const firstAt = new Date(row.first);
    return {
      targetType: row.targetType as ReportGroup['targetType'],
      targetId: row.targetId,
      count: row.count,
      reasons: row.reasons as ReportGroup['reasons'],
      status: query.status,
      firstReportedAt: firstAt.toISOString(),
      dueAt: new Date(firstAt.getTime() + REPORT_LIMIT_DAYS * DAY_MS).toISOString(),
      // A profile revision's case is about changes that wait, never about a hold on the creator's page (decision 055).
      hold:
        row.targetType === PROFILE_REVISION_CASE
          ? query.status === 'open'
            ? { state: 'review', reason: PRE_PUBLICATION_REASON, prePublication: true }
            : null
          : row.state
            ? { state: row.state, reason: row.reason ?? '', prePublication: row.prePublication ?? false }
            : null,
    };
  });
  return { data, total };
}

/** The reported content in place, for the admin: its words, its media through signed links, its reports. */
export async function reportedContent(deps: Deps, targetType: string, targetId: string): Promise<ReportedContent> {
  const rows = await reportsOn(deps.db, targetType, targetId);
  const takedown = targetType === 'takedown' ? await takedownCaseById(deps.db, targetId) : undefined;
  const holdTarget = targetType === 'reupload' ? targetId : targetId;
  const revision = targetType === PROFILE_REVISION_CASE ? await revisionForReview(deps, targetId) : undefined;
  const [target, hold, holdRow] = await Promise.all([
    targetType === 'reupload'
      ? Promise.resolve({ ownerId: null, title: 'Re-upload of removed material', text: '', fileIds: [targetId] })
      : revision
        ? { ownerId: revision.ownerId, title: revision.title, text: '', fileIds: [] }
        : readTarget(deps, deps.db, targetType, targetId),
    holdOn(deps.db, holdTarget),
    holdById(deps.db, holdTarget),
  ]);
  if (!rows.length && !target && !takedown) throw notFound('Report');
  const fileRows = target ? await filesById(deps.db, target.fileIds) : [];
  const link = (key: string | null) =>
    !key ? null : key.startsWith(PUBLIC_PREFIX) ? publicUrl(key) : deps.mediaSigner.sign(key, SIGNED_SECONDS);
  const media = fileRows.flatMap((file) => {
    const playable = file.status === 'finished' && /^(video|audio)\//.test(file.mimeType);
    const url = link(file.status === 'finished' ? file.storageKey : file.thumbnailKey);
    if (!url) return [];
    // By the file's media type: its `type` names the upload slot (`feed-video`, `story-video`…), and
    // a video (or audio) shown in an <img> was a broken picture. The poster of an unfinished one is a picture.
    return [{ kind: playable ? ('video' as const) : ('image' as const), url }];
  });
  const ownerId = target?.ownerId ?? holdRow?.ownerId ?? null;
  const owners = ownerId ? await publicUsersById(deps.db, [ownerId]) : new Map();
  return {
    targetType: targetType as ReportedContent['targetType'],
    targetId,
    missing: !target && !takedown,
    title: takedown ? `Takedown request ${takedown.caseNumber}` : (target?.title ?? 'Gone'),
    text: takedown ? takedown.description : (target?.text ?? ''),
    media,
    owner: ownerId ? (owners.get(ownerId) ?? null) : null,
    hold: hold ? { state: hold.state, reason: hold.reason, prePublication: hold.prePublication } : null,
    appeal: holdRow?.appealText
      ? { text: holdRow.appealText, at: holdRow.appealedAt!.toISOString(), decision: holdRow.appealDecision }
      : null,
    takedown: takedown
      ? { caseNumber: takedown.caseNumber, name: takedown.name, email: takedown.email, relation: takedown.relation, urls: takedown.urls }
      : null,
    reports: await presentReports(deps, rows),
    ...(revision ? { revision: revision.changes } : {}),
  };
}

/** Closes the open reports on a target and tells each reporter the outcome (never the penalty's details). */
async function closeReports(deps: Deps, tx: Queryable, admin: SessionUser, targetType: string, targetId: string, actionTaken: boolean) {
  const closed = await closeOpenCases(
    tx,
    { targetId, targetType: targetType || undefined },
    { status: actionTaken ? 'resolved' : 'dismissed', handledBy: admin.id },
  );
  const reporterIds = [...new Set(closed.flatMap((row) => (row.reporterId ? [row.reporterId] : [])))];
  if (!reporterIds.length) return closed.length;
  const addresses = await recipientsByIds(tx, reporterIds);
  for (const reporter of addresses) {
    const what = label(targetType);
    await notify(deps, tx, {
      userId: reporter.id,
      kind: 'moderation',
      text: `Your report on a ${what} was reviewed: ${actionTaken ? 'action taken' : 'no action'}.`,
    });
    await sendModerationMail(deps, tx, reporter, { key: 'report.outcome', what, actionTaken });
  }
  return closed.length;
}

/** Dismiss every open report on a target, with a reason (recorded). */
export async function dismissReports(
  deps: Deps,
  request: FastifyRequest,
  admin: SessionUser,
  targetType: string,
  targetId: string,
  reason: string,
) {
  // Dismissing a profile revision's case refuses the revision: there is nothing else to dismiss (decision 055).
  if (targetType === PROFILE_REVISION_CASE) return refuseProfileRevision(deps, request, admin, targetId, reason);
  await deps.db.transaction(async (tx) => {
    // Its case is the only way to a decision: dismissed, the item would wait for ever (decision 054).
    if (await waitsForReview(tx, targetId))
      throw conflict('This waits for review before publication: approve it, or hide or remove it with a reason');
    const closed = await closeReports(deps, tx, admin, targetType, targetId, false);
    if (!closed) throw notFound('Open reports on this');
    await recordAudit(tx, auditSourceOf(request), {
      action: 'report.dismiss',
      target: { type: targetType, id: targetId },
      reason,
      details: { reports: closed },
    });
  });
}

/** The old one-report switch (open, resolved, dismissed), kept for the list of single reports. */
export async function handleReport(
  deps: Deps,
  request: FastifyRequest,
  admin: SessionUser,
  id: string,
  status: 'open' | 'resolved' | 'dismissed',
) {
  await deps.db.transaction(async (tx) => {
    const row = await setCaseStatus(tx, id, status, admin.id);
    if (!row) throw notFound('Report');
    await recordAudit(tx, auditSourceOf(request), { action: `report.${status}`, target: { type: 'report', id } });
  });
}

const LIBRARY_TYPES = { feed: 'feed', video: 'video', gallery: 'gallery', product: 'product' } as const;

/**
 * Hide, remove or restore one piece of content (decision 046). A hold on the content and on each
 * of its files: the visibility policies answer 404 to everyone but admins and its owner, and
 * signed links stop. Removal is for good: it also deletes the stored media unless buyers keep
 * what they paid for (not when the material is illegal), and remembers the images' hashes.
 */
export async function actOnContent(deps: Deps, request: FastifyRequest, admin: SessionUser, input: ContentActionInput) {
  const target = await readTarget(deps, deps.db, input.targetType, input.targetId);
  if (!target) throw notFound('Content');
  const what = label(input.targetType);
  const library = LIBRARY_TYPES[input.targetType as keyof typeof LIBRARY_TYPES];
  const dropMedia = await deps.db.transaction(async (tx) => {
    const ids = [input.targetId, ...target.fileIds];
    let drop = false;
    if (input.action === 'restore') {
      const removed = await liftHolds(tx, ids);
      if (!removed.length) throw notFound('A hold on this');
      if (removed.some((hold) => hold.state === 'removed')) throw conflict('Removed content cannot be restored');
    } else {
      const existing = await holdOn(tx, input.targetId);
      if (existing?.state === 'removed') throw conflict('This is removed already');
      if (existing?.state === 'hidden' && input.action === 'hide') throw conflict('This is hidden already');
      const buyersKeep = input.action === 'remove' && !input.illegal && !!library && (await hasBuyers(tx, library, input.targetId));
      const state = input.action === 'hide' ? ('hidden' as const) : ('removed' as const);
      await placeHolds(
        tx,
        ids.map((targetId) => ({ targetId, targetType: targetId === input.targetId ? input.targetType : 'file', ownerId: target.ownerId })),
        { state, reason: input.reason, buyersKeep, actedBy: admin.id },
      );
      if (target.ownerId) {
        const owner = await recipientById(tx, target.ownerId);
        await notify(deps, tx, {
          userId: target.ownerId,
          kind: 'moderation',
          text: `Your ${what} was ${state} by moderation: ${input.reason}`,
          link: '/moderation',
        });
        await sendModerationMail(deps, tx, owner, {
          key: state === 'hidden' ? 'content.hidden' : 'content.removed',
          content: contentOf(what, target.title),
          reason: input.reason,
        });
      }
      await closeReports(deps, tx, admin, input.targetType, input.targetId, true);
      drop = state === 'removed' && !buyersKeep;
    }
    await recordAudit(tx, auditSourceOf(request), {
      action: `content.${input.action}`,
      target: { type: input.targetType, id: input.targetId },
      reason: input.reason,
      details: { reportId: input.reportId ?? null, illegal: input.illegal ?? false, ownerId: target.ownerId },
    });
    return drop;
  });
  // Open threads and live chats drop the line now (there are no such events for posts or comments: pages reload them).
  if (input.action !== 'restore' && (input.targetType === 'message' || input.targetType === 'liveChat')) {
    await retractHeldLine(deps, input.targetId);
  }
  if (dropMedia) {
    const fileRows = await filesById(deps.db, target.fileIds);
    await rememberRemovedImages(deps, input.targetType, input.targetId, fileRows);
    await removeStored(deps, fileRows);
  }
}

/**
 * What approval does beyond lifting the holds (decision 054): a post is published now (unless
 * scheduled later) and its subscribers are told, once; a story lives its full lifetime from now;
 * a product, a video or a gallery is simply out.
 */
const publishApproved: Record<PrePublicationType, (deps: Deps, tx: Queryable, id: string, ownerName: string) => Promise<void>> = {
  feed: async (deps, tx, id, ownerName) => {
    const row = await publishApprovedFeed(tx, id);
    if (row) await announcePost(deps, tx, row, ownerName);
  },
  story: async (_deps, tx, id) => startStoryLifetime(tx, id),
  product: async () => {},
  video: async () => {},
  gallery: async () => {},
};

/** Where the creator's "approved" notice leads: the item's own page (a story has none). */
const approvedPages: Partial<Record<PrePublicationType, (id: string) => string>> = {
  feed: (id) => `/post/${id}`,
  video: (id) => `/video/${id}`,
  gallery: (id) => `/gallery/${id}`,
  product: (id) => `/product/${id}`,
};

/**
 * Publishes an item held for review before publication: lifts its holds and its files' (a
 * re-upload hold on one of them stays), closes its case, tells the creator; `content.approve`.
 */
export async function approveContent(deps: Deps, request: FastifyRequest, admin: SessionUser, input: ApproveContentInput) {
  const { targetType } = input;
  if (targetType === PROFILE_REVISION_CASE) return approveProfileRevision(deps, request, admin, input.targetId);
  const target = await readTarget(deps, deps.db, targetType, input.targetId);
  if (!target) throw notFound('Content');
  await deps.db.transaction(async (tx) => {
    if (!(await liftReviewHolds(tx, input.targetId, target.fileIds))) throw notFound('An item waiting for review before publication');
    const owner = target.ownerId ? await recipientById(tx, target.ownerId) : undefined;
    await publishApproved[targetType](deps, tx, input.targetId, owner?.name || owner?.username || 'A creator');
    await closeReports(deps, tx, admin, targetType, input.targetId, true);
    if (owner) {
      const what = label(targetType);
      await notify(deps, tx, {
        userId: owner.id,
        kind: 'moderation',
        text: `Your ${contentOf(what, target.title)} was approved and is published.`,
        link: approvedPages[targetType]?.(input.targetId),
      });
    }
    await recordAudit(tx, auditSourceOf(request), {
      action: 'content.approve',
      target: { type: targetType, id: input.targetId },
      details: { ownerId: target.ownerId },
    });
  });
}

/**
 * A creator's profile revision (decision 055): approving applies it to the public page at once
 * (the replaced pictures' bytes go after the commit); refusing discards it with the admin's
 * reason. Either closes the case, tells the creator and is recorded (`profile.approve`, `profile.refuse`).
 */
async function approveProfileRevision(deps: Deps, request: FastifyRequest, admin: SessionUser, creatorId: string) {
  const { replaced } = await deps.db.transaction(async (tx) => {
    const applied = await applyRevision(tx, creatorId);
    await closeReports(deps, tx, admin, PROFILE_REVISION_CASE, creatorId, true);
    await notify(deps, tx, {
      userId: creatorId,
      kind: 'moderation',
      text: 'Your profile changes were approved: fans see them now.',
      link: '/creator/account',
    });
    await recordAudit(tx, auditSourceOf(request), {
      action: 'profile.approve',
      target: { type: 'user', id: creatorId },
      details: { fields: applied.changed },
    });
    return applied;
  });
  await removeStored(deps, replaced);
}

async function refuseProfileRevision(deps: Deps, request: FastifyRequest, admin: SessionUser, creatorId: string, reason: string) {
  const dropped = await deps.db.transaction(async (tx) => {
    const discarded = await refuseRevision(tx, creatorId, reason);
    await closeReports(deps, tx, admin, PROFILE_REVISION_CASE, creatorId, false);
    await notify(deps, tx, {
      userId: creatorId,
      kind: 'moderation',
      text: `Your profile changes were not approved: ${reason}`,
      link: '/creator/account',
    });
    await recordAudit(tx, auditSourceOf(request), { action: 'profile.refuse', target: { type: 'user', id: creatorId }, reason });
    return discarded;
  });
  await removeStored(deps, dropped);
}

/** The owner appeals a hold once, with a text; it joins the admin's queue. */
export async function appeal(deps: Deps, request: FastifyRequest, owner: SessionUser, targetId: string, text: string) {
  await deps.db.transaction(async (tx) => {
    const hold = await lockedHold(tx, targetId);
    const refusal = () => notFound('Moderated item');
    if (!hold || hold.targetType === 'file' || hold.state === 'review') throw refusal();
    assertMay(owner, 'content.appeal', hold, refusal);
    if (hold.appealedAt) throw conflict('You have already appealed this decision; an appeal can be made once');
    await recordAppeal(tx, targetId, text);
    // The owner is the actor: the trail shows who asked, next to the admin's decision.
    await recordAudit(tx, auditSourceOf(request), {
      action: 'appeal.create',
      target: { type: hold.targetType, id: targetId },
      reason: text,
    });
  });
}

/** The admin's answer to an appeal: uphold the hold, or restore the content; the owner is told. */
export async function decideAppeal(deps: Deps, request: FastifyRequest, targetId: string, input: z.output<typeof appealDecisionSchema>) {
  await deps.db.transaction(async (tx) => {
    const hold = await lockedHold(tx, targetId);
    if (!hold?.appealedAt) throw notFound('Appeal');
    if (hold.appealDecidedAt) throw conflict('This appeal is decided already');
    const upheld = input.decision === 'uphold';
    if (!upheld && hold.state === 'removed' && !hold.buyersKeep) throw conflict('Removed media is deleted and cannot be restored');
    const target = await readTarget(deps, tx, hold.targetType, targetId);
    if (upheld) await upholdAppeal(tx, targetId, input.reason);
    else {
      await liftHolds(tx, [targetId, ...(target?.fileIds ?? [])]);
    }
    const what = label(hold.targetType);
    if (hold.ownerId) {
      const owner = await recipientById(tx, hold.ownerId);
      await notify(deps, tx, {
        userId: hold.ownerId,
        kind: 'moderation',
        text: `Your appeal about your ${what} was ${upheld ? 'not granted' : 'granted: it is restored'}. ${input.reason}`,
        link: '/moderation',
      });
      await sendModerationMail(deps, tx, owner, {
        key: 'appeal.decided',
        content: contentOf(what, target?.title),
        upheld,
        reason: input.reason,
      });
    }
    await recordAudit(tx, auditSourceOf(request), {
      action: upheld ? 'appeal.uphold' : 'appeal.restore',
      target: { type: hold.targetType, id: targetId },
      reason: input.reason,
    });
  });
}

/** Appeals waiting for the admin, oldest first. */
export async function pendingAppeals(deps: Deps) {
  const rows = await pendingAppealHolds(deps.db);
  return rows.map(presentHold);
}

const presentHold = (row: typeof moderationHolds.$inferSelect): ModeratedItem => ({
  targetType: row.targetType,
  targetId: row.targetId,
  state: row.state,
  reason: row.reason,
  prePublication: row.prePublication,
  createdAt: row.createdAt.toISOString(),
  appealText: row.appealText,
  appealedAt: row.appealedAt?.toISOString() ?? null,
  appealDecision: row.appealDecision,
});

/** A creator's (or any author's) moderated items, newest first. */
export async function myModeratedItems(deps: Deps, owner: SessionUser) {
  const rows = await holdsOwnedBy(deps.db, owner.id);
  return rows.map(presentHold);
}

/** A complaint without an account: a case with a number, e-mailed to the person, in the admin's queue. */
export async function openTakedown(deps: Deps, input: z.output<typeof takedownSchema>, ip: string) {
  await verifyRecaptchaIfEnabled(deps, input.recaptchaToken, ip);
  return deps.db.transaction(async (tx) => {
    const { id, caseNumber } = await openTakedownCase(tx, {
      name: input.name,
      email: input.email,
      relation: input.relation,
      urls: input.urls,
      description: input.description,
      sworn: input.sworn,
      ip,
    });
    await openCase(tx, {
      targetType: 'takedown',
      targetId: id,
      reason: input.relation === 'rightsHolder' ? 'copyright' : 'other',
      description: `${input.urls.join('\n')}\n\n${input.description}`.slice(0, 2000),
    });
    await sendModerationMail(deps, tx, { email: input.email, name: input.name }, { key: 'takedown.received', caseNumber });
    return { caseNumber };
  });
}

export type { TakedownInput };
