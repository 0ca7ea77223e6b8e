import type { Queryable } from '../../db/client';
import type { Deps } from '../../deps';
import { queueMail } from '../../platform/mail';

/** The security changes an account's owner is told about by e-mail (decision 048). */
const changes = {
  password: 'Your password was changed',
  totpEnabled: 'Two-factor sign-in with an authenticator app was turned on',
  totpDisabled: 'Two-factor sign-in with an authenticator app was turned off',
  recoveryCodes: 'New recovery codes were made; the old ones no longer work',
  passkeyAdded: 'A passkey was added',
  passkeyRemoved: 'A passkey was removed',
  payoutDetails: 'Your payout details were changed',
} as const;
export type SecurityChange = keyof typeof changes;

/**
 * Tells the owner that a security setting of their account changed, queued in the changing
 * transaction. Template key `security.changed` (variables: name, change, detail, time, sessionsUrl)
 * once e-mail templates are editable. A changed e-mail address is told by the e-mail change's own
 * message to the old address, which carries the undo link.
 */
export async function mailSecurityChange(
  deps: Pick<Deps, 'jobs' | 'settings' | 'config'>,
  tx: Queryable,
  user: { email: string | null; name: string | null; username: string | null },
  change: SecurityChange,
  detail?: string,
) {
  if (!user.email) return;
  const site = deps.settings.get('siteName');
  await queueMail(deps.jobs, tx, {
    to: user.email,
    subject: `${site}: ${changes[change].toLowerCase()}`,
    text: [
      `Hi ${user.name || user.username},`,
      '',
      `${changes[change]}${detail ? ` (${detail})` : ''} on ${new Date().toUTCString()}.`,
      '',
      `If this was not you, reset your password and review where your account is signed in: ${deps.config.publicUrl}/account/security`,
    ].join('\n'),
  });
}
