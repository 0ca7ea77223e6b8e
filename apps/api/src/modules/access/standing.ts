import { type AccountStanding, ErrorCode } from '@limelight/contracts';
import { AppError } from '../../platform/errors';

/**
 * Whether an account may act at all (decision 045): one policy asked at sign-in, by every
 * authenticated request and socket (the session lookup), and, through `listedNow`, by every list,
 * page and payment that shows or pays a creator. A suspension ends by itself: it is compared with
 * now() wherever it is read, never lifted by a job.
 */
type Standing = { standing: AccountStanding; standingUntil: Date | null; standingReason: string | null };

/** The account's standing at `now`: a suspension whose time has passed is good standing again. */
export function standingOf(account: Standing, now = new Date()): AccountStanding {
  if (account.standing === 'suspended' && (!account.standingUntil || account.standingUntil.getTime() <= now.getTime())) return 'good';
  return account.standing;
}

/** Whether the account is neither banned nor suspended now. */
export const inGoodStanding = (account: Standing, now = new Date()) => standingOf(account, now) === 'good';

/** `2026-11-27 14:00 UTC`: how a refusal names the end of a suspension. */
const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Why this account may not act now (403 naming until when and why), or undefined when it may. */
export function standingRefusal(account: Standing, now = new Date()): AppError | undefined {
  const standing = standingOf(account, now);
  const why = account.standingReason ? `: ${account.standingReason}` : '';
  if (standing === 'banned') return new AppError(403, ErrorCode.accountBanned, `Your account is banned${why}`);
  if (standing === 'suspended') {
    return new AppError(403, ErrorCode.accountSuspended, `Your account is suspended until ${utc(account.standingUntil!)}${why}`);
  }
  return undefined;
}

/** Throws `standingRefusal`'s 403 when the account is suspended or banned. */
export function assertInGoodStanding(account: Standing, now = new Date()) {
  const refusal = standingRefusal(account, now);
  if (refusal) throw refusal;
}
