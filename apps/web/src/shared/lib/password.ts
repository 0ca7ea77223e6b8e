/**
 * With HASH_PW_CLIENT the browser sends SHA-256(password) in hex (spec 5): login, registration
 * and password changes all go through here so the server always sees the same form.
 */
export async function preparePassword(password: string, hashPwClient: boolean): Promise<string> {
  if (!hashPwClient) return password;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(password));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
