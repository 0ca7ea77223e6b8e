import { createHash, randomBytes } from 'node:crypto';

/** An opaque random token for the client and the hash that is stored in its place. */
export function newOpaqueToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
