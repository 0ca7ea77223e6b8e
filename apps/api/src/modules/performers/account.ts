import {
  type PerformerAccount,
  subscriptionPlans,
  toCents,
  type UpdateBankingInput,
  type UpdatePaymentGatewayInput,
  type UpdatePerformerInput,
} from '@limelight/contracts';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../deps';
import type { RequestSession, SessionUser } from '../../platform/auth';
import { notFound, unprocessable } from '../../platform/errors';
import { type AuditSource, recordAudit } from '../audit';
import { findFile, presentMediaFile } from '../media';
import {
  assertAvailable,
  assertCurrentPassword,
  changeAccount,
  changeCreatorProfile,
  changeOwnPassword,
  duplicateAsConflict,
  mailSecurityChange,
  requestEmailChange,
} from '../users';
import { toPublicPerformer } from './present';
import { sharingOf } from './preview';
import { bankingOf, paymentSettingsOf, saveBanking, savePaymentSetting } from './repo/payout-details';
import { discoveryMissing, findPerformer, viewerFlags } from './repo/profiles';
import { myRevision, profileChangesReviewed, reviseText, splitRevised } from './revisions';

/** The creator's own profile with the private fields only they see. */
export async function myAccount(deps: Deps, performer: SessionUser): Promise<PerformerAccount> {
  const row = await findPerformer(deps.db, performer.id);
  if (!row) throw notFound('Creator profile');
  const [banking, paymentSettings, flags, video, missing, profileRevision] = await Promise.all([
    bankingOf(deps.db, performer.id),
    paymentSettingsOf(deps.db, performer.id),
    viewerFlags(deps.db, performer.id, [performer.id]),
    findFile(deps.db, row.profile.welcomeVideoFileId),
    discoveryMissing(deps.db, row),
    myRevision(deps, performer.id),
  ]);
  const { profile } = row;
  return {
    ...toPublicPerformer(row, flags),
    ...sharingOf(deps, row),
    welcomeVideo: video ? presentMediaFile(video) : null,
    email: row.user.email,
    dateOfBirth: row.profile.dateOfBirth,
    address: row.profile.address,
    zipcode: row.profile.zipcode,
    phone: row.profile.phone,
    phoneCode: row.profile.phoneCode,
    documents: { idVerification: !!row.profile.idVerificationFileId, documentVerification: !!row.profile.documentVerificationFileId },
    verification: profile.verifiedDocument
      ? { status: 'verified', reason: null, decidedAt: profile.verifiedAt?.toISOString() ?? null }
      : profile.documentsRejectedReason
        ? { status: 'rejected', reason: profile.documentsRejectedReason, decidedAt: profile.documentsRejectedAt?.toISOString() ?? null }
        : { status: 'pending', reason: null, decidedAt: null },
    discoveryMissing: missing,
    messagesFrom: row.profile.messagesFrom,
    banking: banking
      ? {
          firstName: banking.firstName,
          lastName: banking.lastName,
          bankName: banking.bankName,
          bankAccount: banking.bankAccount,
          bankRouting: banking.bankRouting,
          bankSwiftCode: banking.bankSwiftCode,
          address: banking.address,
          city: banking.city,
          state: banking.state,
          country: banking.country,
        }
      : null,
    paypalEmail: paymentSettings.find((setting) => setting.gateway === 'paypal')?.value.email ?? null,
    profileRevision,
  };
}

/** Plan prices must lie within the admin's bounds, checked here and not only in the form. */
function assertPricesInBounds(deps: Deps, input: UpdatePerformerInput) {
  const min = deps.settings.get('minimumSubscriptionPrice');
  const max = deps.settings.get('maximumSubscriptionPrice');
  const details = subscriptionPlans.flatMap((plan) => {
    const value = input[plan];
    return value !== undefined && value !== null && (value < min || value > max)
      ? [{ field: plan, message: `must be between ${min.toFixed(2)} and ${max.toFixed(2)}` }]
      : [];
  });
  if (details.length) throw unprocessable(details.map((detail) => `${detail.field} ${detail.message}`).join('; '), details);
}

/**
 * As a fan's account update: a new e-mail waits for its owner's confirmation (users module). For
 * a creator reviewed before publication, the words fans read on their page (name, bio, city,
 * state) wait in a revision for an admin (decision 055); everything else applies at once.
 */
export async function updateMyAccount(deps: Deps, session: RequestSession, input: UpdatePerformerInput, source: AuditSource) {
  const performer = session.user;
  assertPricesInBounds(deps, input);
  const reviewed = await profileChangesReviewed(deps, deps.db, performer.id);
  const { revised, rest } = reviewed ? splitRevised(input) : { revised: {}, rest: input };
  const { name, username, email, password, currentPassword, monthlyPrice, threeMonthPrice, sixMonthPrice, yearlyPrice, ...profile } =
    rest as UpdatePerformerInput;
  await assertAvailable(deps.db, { username }, performer.id);
  if (password !== undefined) await changeOwnPassword(deps, session, password, currentPassword, source);
  if (email !== undefined) await requestEmailChange(deps, session, email, currentPassword);
  const cents = (value: number | null | undefined) => (value === undefined ? undefined : value === null ? null : toCents(value));
  const updated = await deps.db
    .transaction(async (tx) => {
      const [user] =
        name !== undefined || username !== undefined ? [await changeAccount(tx, performer.id, { name, username })] : [performer];
      const profileChanges = Object.fromEntries(
        Object.entries({
          ...profile,
          monthlyPriceCents: cents(monthlyPrice),
          threeMonthPriceCents: cents(threeMonthPrice),
          sixMonthPriceCents: cents(sixMonthPrice),
          yearlyPriceCents: cents(yearlyPrice),
        }).filter(([, value]) => value !== undefined),
      );
      if (Object.keys(profileChanges).length) {
        await changeCreatorProfile(tx, performer.id, profileChanges);
      }
      await reviseText(tx, performer.id, revised);
      return user!;
    })
    .catch((error: unknown) => {
      throw duplicateAsConflict(error);
    });
  return myAccount(deps, updated);
}

/** Where payouts go: a stolen session must not be able to redirect them, so this proves the password. */
export async function updateBanking(deps: Deps, performer: SessionUser, input: UpdateBankingInput, source: AuditSource) {
  const { currentPassword, ...banking } = input;
  await assertCurrentPassword(deps.db, performer, currentPassword);
  await deps.db.transaction(async (tx) => {
    await saveBanking(tx, performer.id, banking);
    await payoutDetailsChanged(deps, tx, performer, source, 'bank account');
  });
  return myAccount(deps, performer);
}

/** Every change of where payouts go is in the audit trail and e-mailed to the creator (decision 048). */
async function payoutDetailsChanged(deps: Deps, tx: Queryable, performer: SessionUser, source: AuditSource, what: string) {
  await recordAudit(tx, source, { action: 'payout.details.change', target: { type: 'user', id: performer.id }, details: { what } });
  await mailSecurityChange(deps, tx, performer, 'payoutDetails', what);
}

export async function updatePaymentGateway(deps: Deps, performer: SessionUser, input: UpdatePaymentGatewayInput, source: AuditSource) {
  const { currentPassword, ...settings } = input;
  await assertCurrentPassword(deps.db, performer, currentPassword);
  await deps.db.transaction(async (tx) => {
    await savePaymentSetting(tx, performer.id, settings.key, settings.value);
    await payoutDetailsChanged(deps, tx, performer, source, `${settings.key} payout account`);
  });
  return myAccount(deps, performer);
}
