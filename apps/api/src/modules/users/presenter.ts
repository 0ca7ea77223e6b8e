import { AVATAR_PLACEHOLDER, type CurrentUser } from '@limelight/contracts';
import type { ProfileRow, UserRow } from './repo';

export const centsToAmount = (cents: number) => Math.round(cents) / 100;

/** The signed-in account as the client sees it: no password hash, no internal columns. */
export function toCurrentUser(user: UserRow, profile?: ProfileRow): CurrentUser {
  return {
    _id: user.id,
    role: user.role,
    isPerformer: user.role === 'performer',
    isAdmin: user.role === 'admin',
    name: user.name,
    username: user.username,
    email: user.email,
    avatar: AVATAR_PLACEHOLDER,
    cover: null,
    status: user.status,
    verifiedEmail: user.verifiedEmail,
    verifiedDocument: profile?.verifiedDocument ?? false,
    balance: centsToAmount(user.balanceCents),
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
