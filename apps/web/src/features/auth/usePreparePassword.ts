import { useCallback } from 'react';
import { usePublicSettingsQuery } from '../../shared/api/settings';
import { preparePassword } from '../../shared/lib/password';

/** Passwords as the server expects them: hashed first when HASH_PW_CLIENT is on. */
export function usePreparePassword() {
  const { data } = usePublicSettingsQuery();
  const hashPwClient = data?.hashPwClient ?? false;
  return useCallback((password: string) => preparePassword(password, hashPwClient), [hashPwClient]);
}
