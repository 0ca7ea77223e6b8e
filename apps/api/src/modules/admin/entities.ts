import { type AdminEntityKind, type AdminEntityQuery, type AdminEntityRow, type AdminMessage, fromCents } from '@limelight/contracts';
import type { Deps } from '../../deps';
import type { AdminRowData, AdminRowFilters, AdminRowPage } from '../../platform/admin-rows';
import type { CsvColumn } from '../../platform/csv';
import { notFound } from '../../platform/errors';
import { isUuid } from '../../platform/http';
import { type AuditSource, recordAudit } from '../audit';
import { adminBlockRows } from '../blocks';
import { adminCommentRows } from '../comments';
import { adminPostRows } from '../feeds';
import { adminFollowRows } from '../follows';
import { adminGalleryRows, adminPhotoRows } from '../galleries';
import { adminChatLineRows, adminConversationMessages, adminConversationRows, isPrivateConversation } from '../messages';
import { adminCardRows } from '../payments';
import { adminKeywordRows } from '../search';
import { adminAddressRows, adminProductRows } from '../shop';
import { adminStoryRows } from '../stories';
import { adminLiveSessionRows } from '../streaming';
import { adminSubscriptionRows } from '../subscriptions';
import { adminVideoRows } from '../videos';
import { findAccountId, usernamesOf } from './repo';

type Source = (db: Deps['db'], filters: AdminRowFilters) => Promise<AdminRowPage>;

/** Each kind's rows, read through its own module's index (decision 052). */
const sources: Record<AdminEntityKind, Source> = {
  posts: adminPostRows,
  videos: adminVideoRows,
  galleries: adminGalleryRows,
  photos: adminPhotoRows,
  products: adminProductRows,
  stories: adminStoryRows,
  comments: adminCommentRows,
  'live-sessions': adminLiveSessionRows,
  'chat-lines': adminChatLineRows,
  subscriptions: adminSubscriptionRows,
  follows: adminFollowRows,
  blocks: adminBlockRows,
  conversations: adminConversationRows,
  addresses: adminAddressRows,
  cards: adminCardRows,
  'search-keywords': adminKeywordRows,
};

const commentPages: Record<string, string> = { feed: 'post', video: 'video', gallery: 'gallery' };

/** Where the item is seen on the site, if anywhere. */
function publicUrlOf(kind: AdminEntityKind, row: AdminRowData, owner: string | null, other: string | null): string | null {
  switch (kind) {
    case 'posts':
      return `/post/${row.id}`;
    case 'videos':
      return `/video/${row.id}`;
    case 'galleries':
      return `/gallery/${row.id}`;
    case 'photos':
      return row.parentId ? `/gallery/${row.parentId}` : null;
    case 'products':
      return `/product/${row.id}`;
    case 'stories':
      return owner ? `/${owner}` : null;
    case 'comments':
      return row.parentType && commentPages[row.parentType] ? `/${commentPages[row.parentType]}/${row.parentId}` : null;
    case 'live-sessions':
      return `/live/${row.id}`;
    case 'subscriptions':
    case 'follows':
      return other ? `/${other}` : null;
    default:
      return null;
  }
}

async function present(deps: Deps, kind: AdminEntityKind, rows: AdminRowData[]): Promise<AdminEntityRow[]> {
  const names = await usernamesOf(
    deps.db,
    rows.flatMap((row) => [row.ownerId, row.otherId]).filter((id): id is string => !!id),
  );
  return rows.map((row) => {
    const owner = row.ownerId ? (names.get(row.ownerId) ?? null) : null;
    const other = row.otherId ? (names.get(row.otherId) ?? null) : null;
    return {
      _id: row.id,
      kind,
      title: row.title ?? '',
      status: row.status,
      ownerId: row.ownerId,
      ownerUsername: owner,
      otherId: row.otherId,
      otherUsername: other,
      amount: row.amountCents === null ? null : fromCents(row.amountCents),
      count: row.count,
      parentId: row.parentId,
      parentType: row.parentType,
      publicUrl: publicUrlOf(kind, row, owner, other),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt?.toISOString() ?? null,
    };
  });
}

/** One page of a kind, filtered: an unknown account in the `user` filter matches nothing. */
export async function listEntities(deps: Deps, kind: AdminEntityKind, query: AdminEntityQuery) {
  const { user, sortBy: _sortBy, ...rest } = query;
  let userId: string | undefined;
  if (user) {
    userId = await findAccountId(deps.db, user);
    if (!userId) return { data: [], total: 0 };
  }
  const { rows, total } = await sources[kind](deps.db, { ...rest, userId });
  return { data: await present(deps, kind, rows), total };
}

/** The columns of every kind's CSV export. */
export const entityCsvColumns: CsvColumn<AdminEntityRow>[] = [
  ['id', (row) => row._id],
  ['kind', (row) => row.kind],
  ['title', (row) => row.title],
  ['status', (row) => row.status],
  ['owner', (row) => row.ownerUsername ?? row.ownerId],
  ['other', (row) => row.otherUsername ?? row.otherId],
  ['amount', (row) => row.amount],
  ['count', (row) => row.count],
  ['parent', (row) => row.parentId],
  ['parentType', (row) => row.parentType],
  ['publicUrl', (row) => row.publicUrl],
  ['createdAt', (row) => row.createdAt],
  ['updatedAt', (row) => row.updatedAt],
];

const CHILDREN_LIMIT = 200;

/** An item in detail: its row and what it holds (a gallery's photos, a live session's chat lines). */
export async function entityDetail(deps: Deps, kind: AdminEntityKind, id: string) {
  if (kind !== 'search-keywords' && !isUuid(id)) throw notFound('Item');
  const page = { offset: 0, limit: 1, sort: 'desc' as const };
  const { rows } = await sources[kind](deps.db, { ...page, id });
  const [row] = await present(deps, kind, rows);
  if (!row) throw notFound('Item');
  const childKind: AdminEntityKind | undefined = kind === 'galleries' ? 'photos' : kind === 'live-sessions' ? 'chat-lines' : undefined;
  const parentId = kind === 'galleries' ? row._id : row.parentId;
  if (!childKind || !parentId) return { row, children: [] };
  const children = await sources[childKind](deps.db, { offset: 0, limit: CHILDREN_LIMIT, sort: 'asc', parentId });
  return { row, children: await present(deps, childKind, children.rows) };
}

/**
 * A private conversation's messages, for an admin who gave a reason: the reading is recorded in
 * the audit trail (`conversation.read`) before anything is shown.
 */
export async function readConversation(deps: Deps, source: AuditSource, conversationId: string, reason: string): Promise<AdminMessage[]> {
  if (!(await isPrivateConversation(deps.db, conversationId))) throw notFound('Conversation');
  await recordAudit(deps.db, source, { action: 'conversation.read', target: { type: 'conversation', id: conversationId }, reason });
  const messages = await adminConversationMessages(deps.db, conversationId);
  const names = await usernamesOf(deps.db, [...new Set(messages.map((message) => message.senderId))]);
  return messages.map((message) => ({
    _id: message.id,
    senderId: message.senderId,
    senderUsername: names.get(message.senderId) ?? null,
    text: message.text,
    price: fromCents(message.priceCents),
    isDeleted: message.isDeleted,
    createdAt: message.createdAt.toISOString(),
  }));
}
