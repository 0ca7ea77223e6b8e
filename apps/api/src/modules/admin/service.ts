import type { AdminAccount, VerifyDocumentsInput } from '@limelight/contracts';
import type { Deps } from '../../deps';
import { revokeAllSessions } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { standingOf } from '../access';
import { type AuditSource, recordAudit } from '../audit';
import { sendEmail } from '../emails';
import { changeAccountStatus, changeCreatorProfile, findById } from '../users';
import { accountIdentity } from './identity';
import { type AccountFilters, contactOf, findDocument, listAccounts, lockAccountStatus, lockDocumentsVerified } from './repo';

export async function searchAccounts(deps: Deps, filters: AccountFilters) {
  const { rows, documents, total } = await listAccounts(deps.db, filters);
  const data: AdminAccount[] = rows.map(({ user, profile }) => {
    const standing = standingOf(user);
    return {
      ...accountIdentity(user),
      verifiedEmail: user.verifiedEmail,
      verifiedDocument: profile?.verifiedDocument ?? false,
      standing,
      standingUntil: standing === 'suspended' ? user.standingUntil!.toISOString() : null,
      standingReason: standing === 'good' ? null : user.standingReason,
      verification: profile
        ? {
            status: profile.verifiedDocument ? 'verified' : profile.documentsRejectedReason ? 'rejected' : 'pending',
            reason: profile.documentsRejectedReason,
            submittedAt: profile.documentsSubmittedAt?.toISOString() ?? null,
          }
        : null,
      documents: (
        [
          ['idVerification', profile?.idVerificationFileId],
          ['documentVerification', profile?.documentVerificationFileId],
        ] as const
      ).flatMap(([field, fileId]) => {
        const file = fileId ? documents.get(fileId) : undefined;
        return file ? [{ _id: file.id, field, mimeType: file.mimeType, url: `/api/admin/documents/${file.id}` }] : [];
      }),
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
    };
  });
  return { data, total };
}

/** Deactivating an account also ends its sessions, so it is locked out at once. */
export async function setAccountStatus(deps: Deps, source: AuditSource, userId: string, status: 'active' | 'inactive') {
  const revoked = await deps.db.transaction(async (tx) => {
    const before = await lockAccountStatus(tx, userId);
    const row = await changeAccountStatus(tx, userId, status);
    if (!row) throw notFound('Account');
    if (status === 'inactive' && before?.status !== 'inactive' && row.email) {
      await sendEmail(deps, tx, 'account.deactivated', {
        to: row.email,
        vars: { name: row.name || row.username, link: `${deps.config.publicUrl}/contact` },
      });
    }
    await recordAudit(tx, source, {
      action: status === 'active' ? 'account.activate' : 'account.deactivate',
      target: { type: 'user', id: userId },
    });
    return status === 'inactive' ? revokeAllSessions(tx, userId) : [];
  });
  deps.realtime.disconnectSessions(revoked);
}

/**
 * The admin's decision on a creator's documents (decision 051), recorded in the audit trail with
 * its reason: approve (`creator.verify`); reject with a reason the creator reads on their
 * documents page and by e-mail (`creator.reject`), after which they send new documents and wait
 * for review again; or withdraw a verification without a reason (`creator.unverify`, as before).
 */
export async function setDocumentsVerified(deps: Deps, source: AuditSource, performerId: string, input: VerifyDocumentsInput) {
  const { verified, reason } = input;
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    const before = await lockDocumentsVerified(tx, performerId);
    const row = await changeCreatorProfile(
      tx,
      performerId,
      verified
        ? { verifiedDocument: true, verifiedAt: now, documentsRejectedReason: null, documentsRejectedAt: null }
        : {
            verifiedDocument: false,
            verifiedAt: null,
            documentsRejectedReason: reason ?? null,
            documentsRejectedAt: reason ? now : null,
          },
    );
    if (!row) throw notFound('Creator');
    const action = verified ? 'creator.verify' : reason ? 'creator.reject' : 'creator.unverify';
    await recordAudit(tx, source, { action, target: { type: 'user', id: performerId }, reason });
    const creator = await contactOf(tx, performerId);
    if (!creator?.email) return;
    const vars = { name: creator.name || creator.username, link: `${deps.config.publicUrl}/creator/account?tab=documents` };
    // Approved: told once, when it changes. Rejected with a reason: told why, to fix and resubmit.
    if (verified && !before?.verified) await sendEmail(deps, tx, 'verification.approved', { to: creator.email, vars });
    if (!verified && reason) await sendEmail(deps, tx, 'verification.rejected', { to: creator.email, vars: { ...vars, reason } });
  });
}

export async function openDocument(deps: Deps, fileId: string) {
  const file = await findDocument(deps.db, fileId);
  if (!file) throw notFound('Document');
  return { file, stream: await deps.storage.read(file.storageKey) };
}

export async function assertAccountExists(deps: Deps, userId: string) {
  if (!(await findById(deps.db, userId))) throw notFound('Account');
}
