import { createHash } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes), OWASP's recommended minimum. */
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * With HASH_PW_CLIENT the browser sends SHA-256(password) in hex instead of the password, so
 * passwords set outside the browser (CLI, demo seed) must take the same form before hashing.
 */
export function passwordAsSentByClient(password: string, hashPwClient: boolean): string {
  return hashPwClient ? createHash('sha256').update(password).digest('hex') : password;
}
