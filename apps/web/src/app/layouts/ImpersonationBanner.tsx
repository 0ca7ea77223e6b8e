import { useLogout } from '../../features/auth/useSessionActions';
import { useAppSelector } from '../../shared/lib/store';

/**
 * While an admin is logged in as this account (issue 27), a banner says so on every page; End
 * revokes that session (the admin signs in again as themself).
 */
export function ImpersonationBanner() {
  const user = useAppSelector((state) => state.session.user);
  const logout = useLogout();
  if (!user?.impersonated) return null;
  return (
    <div className="impersonation-banner" role="status">
      Signed in as <strong>{user.username ?? user.name}</strong> by an admin —{' '}
      <button type="button" onClick={() => void logout()}>
        End
      </button>
    </div>
  );
}
