import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginUrlAfter } from '../shared/lib/navigation';
import { useAppSelector } from '../shared/lib/store';
import { PageLoading } from '../shared/ui/PageLoading';

export type GuardProps = {
  children: ReactNode;
  /** The page needs a signed-in user (spec 2). */
  auth?: boolean;
  /** Only creators; anyone else signed in is sent to their own landing. */
  performerOnly?: boolean;
  /** With `auth`: render for visitors too instead of sending them to log in. */
  noRedirect?: boolean;
};

export function Guard({ children, auth, performerOnly, noRedirect }: GuardProps) {
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  const user = useAppSelector((state) => state.session.user);
  const ended = useAppSelector((state) => state.session.ended);
  const location = useLocation();
  if (!auth && !performerOnly) return children;
  if (!loggedIn) return noRedirect ? children : <Navigate to={loginUrlAfter(ended, location.pathname + location.search)} replace />;
  if (!user) return noRedirect ? children : <PageLoading />;
  if (performerOnly && !user.isPerformer) return <Navigate to={user.isAdmin ? '/admin' : '/home'} replace />;
  return children;
}
