import type { CurrentUser } from '@limelight/contracts';

/**
 * The redirect if it is a path on this site, else nothing: `//host` and `/\host` name another
 * site (browsers read a backslash as a slash), so they are never followed.
 */
export const sameSitePath = (redirect?: string | null) => (redirect && /^\/(?![/\\])/.test(redirect) ? redirect : undefined);

/**
 * Where a user goes after logging in (spec 2): the decoded redirect if one was given; else
 * fans with e-mail and username go home and creators to their own page, while an account that
 * lacks either is sent to complete it first. Admins go to the admin area.
 */
export function landingPath(user: CurrentUser, redirect?: string | null): string {
  const safeRedirect = sameSitePath(redirect);
  if (safeRedirect) return safeRedirect;
  if (user.isAdmin) return '/admin';
  const complete = !!user.email && !!user.username;
  if (user.isPerformer) return complete ? `/${user.username}` : '/creator/account';
  return complete ? '/home' : '/user/account';
}
