import type { UserRow } from '../users';

/** The fields every admin view of an account starts with (a table row, the account drawer). */
export const accountIdentity = (user: Pick<UserRow, 'id' | 'role' | 'name' | 'username' | 'email' | 'status'>) => ({
  _id: user.id,
  role: user.role,
  name: user.name,
  username: user.username,
  email: user.email,
  status: user.status,
});
