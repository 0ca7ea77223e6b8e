import { AVATAR_PLACEHOLDER, COVER_FALLBACK, type CurrentUser, type PublicUser } from '@limelight/contracts';
import type { Queryable } from '../../db/client';
import { publicUrl } from '../../platform/storage';
import { isAdmin, isCreator } from '../access';
import { type ProfileRow, type UserRow, usersByIds } from './repo';

export const centsToAmount = (cents: number) => Math.round(cents) / 100;

/** The image URLs of an account, with the placeholder avatar and the fallback cover. */
export const avatarOf = (user: Pick<UserRow, 'avatarKey'>) => (user.avatarKey ? publicUrl(user.avatarKey) : AVATAR_PLACEHOLDER);
export const coverOf = (user: Pick<UserRow, 'coverKey'>) => (user.coverKey ? publicUrl(user.coverKey) : COVER_FALLBACK);

/** The signed-in account as the client sees it: no password hash, no internal columns. */
export function toCurrentUser(
  user: UserRow,
  balanceCents: number,
  pendingEmail: string | null,
  profile?: ProfileRow,
): Omit<CurrentUser, 'pendingAgreements'> {
  return {
    _id: user.id,
    role: user.role,
    isPerformer: isCreator(user),
    isAdmin: isAdmin(user),
    name: user.name,
    username: user.username,
    email: user.email,
    avatar: avatarOf(user),
    cover: isCreator(user) ? coverOf(user) : null,
    status: user.status,
    verifiedEmail: user.verifiedEmail,
    pendingEmail,
    hasPassword: user.passwordHash !== null,
    verifiedDocument: profile?.verifiedDocument ?? false,
    balance: centsToAmount(balanceCents),
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

/** What any signed-in user may see of another account. */
export function toPublicUser(user: UserRow): PublicUser {
  return { _id: user.id, name: user.name, username: user.username, avatar: avatarOf(user), isPerformer: isCreator(user) };
}

/** The public profiles of the accounts a page of rows names, by id: one query for the page. */
export async function publicUsersById(db: Queryable, ids: Iterable<string>): Promise<Map<string, PublicUser>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await usersByIds(db, unique);
  return new Map(rows.map((user) => [user.id, toPublicUser(user)]));
}
