import type { AccountStatus, accountStandings, verificationStatuses } from '@limelight/contracts';

/** A label and the tag colour that says how good or bad it is. */
type Worded = { label: string; color: string };

/** Whether an account can sign in (set by an admin, or deleted by its holder). */
export const accountStatusWords: Record<AccountStatus, Worded> = {
  active: { label: 'Active', color: 'success' },
  inactive: { label: 'Deactivated', color: 'default' },
  deleted: { label: 'Deleted', color: 'default' },
};

/** An account's standing after moderation (decision 045). */
export const standingWords: Record<(typeof accountStandings)[number], Worded> = {
  good: { label: 'Good standing', color: 'success' },
  suspended: { label: 'Suspended', color: 'warning' },
  banned: { label: 'Banned', color: 'error' },
};

/** Where the review of a creator's identity documents stands (decision 051). */
export const verificationWords: Record<(typeof verificationStatuses)[number], Worded> = {
  pending: { label: 'Awaiting review', color: 'warning' },
  rejected: { label: 'Rejected', color: 'error' },
  verified: { label: 'Verified', color: 'success' },
};

/** Words for a key from the API that may be newer than this list: the key itself rather than nothing. */
export const wordsOf = (words: Record<string, Worded>, key: string): Worded => words[key] ?? { label: key, color: 'default' };

/** What an audit entry records, in words; the key stays beside it for searching (the filter matches keys). */
export const auditActionLabels: Record<string, string> = {
  'account.activate': 'Account activated',
  'account.deactivate': 'Account deactivated',
  'account.adminEdit': 'Account edited by an admin',
  'account.update': 'Account details changed',
  'account.delete': 'Account deleted',
  'account.impersonate': 'Logged in as the account',
  'account.loginLink': 'Sign-in link sent',
  'account.warn': 'Account warned',
  'account.suspend': 'Account suspended',
  'account.ban': 'Account banned',
  'account.restore': 'Good standing restored',
  'admin.create': 'Admin created',
  'appeal.create': 'Appeal sent',
  'appeal.uphold': 'Appeal refused',
  'appeal.restore': 'Appeal granted',
  'auth.2fa.enable': 'Two-factor sign-in turned on',
  'auth.2fa.disable': 'Two-factor sign-in turned off',
  'auth.2fa.recoveryCodes': 'New recovery codes',
  'auth.email.change': 'E-mail address changed',
  'auth.passkey.add': 'Passkey added',
  'auth.passkey.remove': 'Passkey removed',
  'auth.password.change': 'Password changed',
  'auth.password.reset': 'Password reset',
  'content.approve': 'Content approved and published',
  'content.hide': 'Content hidden',
  'content.remove': 'Content removed',
  'content.restore': 'Content restored',
  'conversation.read': 'Conversation read by an admin',
  'creator.verify': 'Creator documents verified',
  'creator.reject': 'Creator documents rejected',
  'creator.unverify': 'Creator verification withdrawn',
  'email.template.update': 'E-mail template changed',
  'payout.details.change': 'Payout details changed',
  'report.dismiss': 'Reports dismissed',
  'report.open': 'Report reopened',
  'report.resolved': 'Report resolved',
  'report.dismissed': 'Report dismissed',
  'review.withdraw': 'Deleted by its creator while waiting for review',
  'wallet.adjust': 'Wallet adjusted',
};
