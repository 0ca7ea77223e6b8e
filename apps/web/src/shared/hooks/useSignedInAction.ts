import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { currentPage, joinUrl } from '../lib/navigation';
import { useAppSelector } from '../lib/store';

/**
 * Wraps an action only members can take (like, vote, report…): a visitor is sent to sign up (or
 * log in, one link away) and brought back to this page instead.
 */
export function useSignedInAction() {
  const viewer = useAppSelector((state) => state.session.user);
  const navigate = useNavigate();
  return useCallback(
    <A extends unknown[]>(action: (...args: A) => void) =>
      (...args: A) => {
        if (viewer) action(...args);
        else navigate(joinUrl(currentPage()));
      },
    [viewer, navigate],
  );
}
