import type { Queryable } from '../../db/client';
import { type EmailDeps, sendEmail } from '../emails';

/** The security changes an account's owner is told about by e-mail (decision 048). */
const changes = {
  password: 'Your password was changed',
  totpEnabled: 'Two-factor sign-in with an authenticator app was turned on',
  totpDisabled: 'Two-factor sign-in with an authenticator app was turned off',
  recoveryCodes: 'New recovery codes were made; the old ones no longer work',
  passkeyAdded: 'A passkey was added',
  passkeyRemoved: 'A passkey was removed',
  payoutDetails: 'Your payout details were changed',
  emailSetByAdmin: 'An administrator changed the e-mail address your account signs in with',
} as const;
export type SecurityChange = keyof typeof changes;

/**
 * Tells the owner that a security setting of their account changed, queued in the changing
 * transaction (template `security.changed`). An e-mail address the owner changed is told by the
 * e-mail change's own message to the old address, which carries the undo link; one an admin set
 * is told here (see `emailSetByAdmin`).
 */
export async function mailSecurityChange(
  deps: EmailDeps,
  tx: Queryable,
  user: { id: string; email: string | null; name: string | null; username: string | null },
  change: SecurityChange,
  detail?: string,
) {
  if (!user.email) return;
  await sendEmail(deps, tx, 'security.changed', {
    to: user.email,
    userId: user.id,
    vars: {
      name: user.name || user.username,
      change: changes[change],
      detail: detail ? ` (${detail})` : '',
      time: new Date().toUTCString(),
      link: `${deps.config.publicUrl}/account/security`,
    },
  });
}
