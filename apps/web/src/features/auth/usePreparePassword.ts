import { useCallback } from 'react';
import { preparePassword } from '../../shared/lib/password';
import { usePublicSettingsQuery } from '../settings/api';

/** Passwords as the server expects them: hashed first when HASH_PW_CLIENT is on. */
export function usePreparePassword() {
  const { data } = usePublicSettingsQuery();
  const hashPwClient = data?.hashPwClient ?? false;
  return useCallback((password: string) => preparePassword(password, hashPwClient), [hashPwClient]);
}
