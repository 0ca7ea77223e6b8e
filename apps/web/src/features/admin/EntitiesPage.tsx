import {
  type AdminEntityKind,
  type AdminEntityRow,
  type AdminMessage,
  adminContentKinds,
  adminEntityKinds,
  type ContentAction,
  formatTokens,
  type ModerationTargetType,
} from '@limelight/contracts';
import { Button, Descriptions, Drawer, Empty, List, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import type { AdminListEntitiesApiArg } from '../../shared/api/generated/admin';
import { listArg } from '../../shared/hooks/useTableState';
import { formatMoment } from '../../shared/lib/dates';
import { errorMessage, toast } from '../../shared/lib/toast';
import { PageLoading } from '../../shared/ui/PageLoading';
import { SearchFilter } from '../../shared/ui/TableFilters';
import { AdminTable } from './AdminTable';
import { useAdminGetEntityQuery, useAdminListEntitiesQuery, useAdminReadConversationMutation } from './console-api';
import { useAdminModerateContentMutation } from './moderation-api';
import { ReasonModal } from './ReasonModal';

type KindInfo = { title: string; owner: string; other?: string; target?: ModerationTargetType };

/** How each kind is named in the console, and what the moderation endpoint calls it. */
export const kindInfo: Record<AdminEntityKind, KindInfo> = {
  posts: { title: 'Posts', owner: 'Creator', target: 'feed' },
  videos: { title: 'Videos', owner: 'Creator', target: 'video' },
  galleries: { title: 'Galleries', owner: 'Creator', target: 'gallery' },
  photos: { title: 'Photos', owner: 'Creator', target: 'photo' },
  products: { title: 'Products', owner: 'Creator', target: 'product' },
  stories: { title: 'Stories', owner: 'Creator', target: 'story' },
  comments: { title: 'Comments', owner: 'Author', target: 'comment' },
  'live-sessions': { title: 'Live sessions', owner: 'Creator', target: 'live' },
  'chat-lines': { title: 'Chat lines', owner: 'Sender', target: 'liveChat' },
  subscriptions: { title: 'Subscriptions', owner: 'Fan', other: 'Creator' },
  follows: { title: 'Follows', owner: 'Follower', other: 'Creator' },
  blocks: { title: 'Block lists', owner: 'Blocked by', other: 'Blocked' },
  conversations: { title: 'Conversations', owner: 'Member', other: 'Member' },
  addresses: { title: 'Addresses', owner: 'Account' },
  cards: { title: 'Saved cards', owner: 'Account' },
  'search-keywords': { title: 'Search keywords', owner: '' },
};

const filterNames = ['user', 'status', 'q', 'from', 'to'] as const;

/** An account's cell: its public page, and the console filtered to it. */
function AccountCell({ id, username, kind }: { id: string | null; username: string | null; kind: AdminEntityKind }) {
  if (!id) return null;
  return (
    <Space size={4} wrap>
      {username ? <Link to={`/${username}`}>@{username}</Link> : <span>{id.slice(0, 8)}</span>}
      <Link to={`/admin/${section(kind)}/${kind}?user=${encodeURIComponent(username ?? id)}`} aria-label={`Only ${username ?? id}`}>
        (filter)
      </Link>
    </Space>
  );
}

const section = (kind: AdminEntityKind) => ((adminContentKinds as readonly string[]).includes(kind) ? 'content' : 'records');

/** `/admin/content/:kind` and `/admin/records/:kind`: any kind's list, filters and detail. */
export function EntitiesPage() {
  const { kind } = useParams();
  const [params, setParams] = useSearchParams();
  if (!kind || !(adminEntityKinds as readonly string[]).includes(kind)) return <Navigate to="/admin/content/posts" replace />;
  const current = kind as AdminEntityKind;
  const info = kindInfo[current];
  const openId = params.get('open');
  const open = (id?: string) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (id) next.set('open', id);
      else next.delete('open');
      return next;
    });

  const columns = [
    {
      title: current === 'search-keywords' ? 'Keyword' : 'Item',
      dataIndex: 'title',
      key: 'title',
      render: (title: string, row: AdminEntityRow) => (
        <Button type="link" style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }} onClick={() => open(row._id)}>
          {title || '(no text)'}
        </Button>
      ),
    },
    ...(info.owner
      ? [
          {
            title: info.owner,
            key: 'owner',
            render: (_: unknown, row: AdminEntityRow) => <AccountCell id={row.ownerId} username={row.ownerUsername} kind={current} />,
          },
        ]
      : []),
    ...(info.other
      ? [
          {
            title: info.other,
            key: 'other',
            render: (_: unknown, row: AdminEntityRow) => <AccountCell id={row.otherId} username={row.otherUsername} kind={current} />,
          },
        ]
      : []),
    { title: 'Status', dataIndex: 'status', key: 'status', render: (status: string | null) => (status ? <Tag>{status}</Tag> : null) },
    {
      title: 'Amount',
      dataIndex: 'amount',
      key: 'amount',
      render: (amount: number | null) => (amount === null ? '' : formatTokens(amount)),
    },
    { title: 'Count', dataIndex: 'count', key: 'count' },
    { title: 'Created', dataIndex: 'createdAt', key: 'createdAt', sorter: true, render: (value: string) => formatMoment(value) },
    {
      title: 'Links',
      key: 'links',
      render: (_: unknown, row: AdminEntityRow) =>
        row.publicUrl ? (
          <Link to={row.publicUrl} target="_blank" rel="noopener">
            View on site
          </Link>
        ) : null,
    },
  ];

  return (
    <AdminTable<AdminEntityRow>
      key={current}
      title={info.title}
      filterNames={filterNames}
      useList={(query) => useAdminListEntitiesQuery(listArg<AdminListEntitiesApiArg>({ kind: current, ...query }))}
      columns={columns}
      phoneColumns={['title', 'owner']}
      exportPath={`/admin/entities/${current}`}
      filters={(state, setFilter) => (
        <>
          {info.owner && (
            <SearchFilter
              value={state.filters.user}
              onSearch={(value) => setFilter('user', value)}
              placeholder="Username"
              label="Filter by account"
            />
          )}
          <SearchFilter value={state.filters.q} onSearch={(value) => setFilter('q', value)} placeholder="Search text" label="Search text" />
          <SearchFilter
            value={state.filters.status}
            onSearch={(value) => setFilter('status', value)}
            placeholder="Status"
            label="Filter by status"
          />
        </>
      )}
    >
      <EntityDrawer kind={current} id={openId} onClose={() => open()} />
    </AdminTable>
  );
}

/** An item in detail, with its children, its moderation actions and (a conversation) its messages behind a reason. */
function EntityDrawer({ kind, id, onClose }: { kind: AdminEntityKind; id: string | null; onClose: () => void }) {
  const { data, isFetching, isError } = useAdminGetEntityQuery({ kind, id: id ?? '' }, { skip: !id });
  const info = kindInfo[kind];
  return (
    <Drawer open={!!id} onClose={onClose} title={info.title} size="large" destroyOnHidden>
      {isFetching && !data ? (
        <PageLoading />
      ) : isError || !data ? (
        <Empty description="This item could not be loaded" />
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'title', label: 'Title', children: data.row.title || '(no text)' },
              { key: 'status', label: 'Status', children: data.row.status ?? '' },
              ...(info.owner
                ? [
                    {
                      key: 'owner',
                      label: info.owner,
                      children: <AccountCell id={data.row.ownerId} username={data.row.ownerUsername} kind={kind} />,
                    },
                  ]
                : []),
              ...(info.other
                ? [
                    {
                      key: 'other',
                      label: info.other,
                      children: <AccountCell id={data.row.otherId} username={data.row.otherUsername} kind={kind} />,
                    },
                  ]
                : []),
              ...(data.row.amount !== null ? [{ key: 'amount', label: 'Amount', children: formatTokens(data.row.amount) }] : []),
              ...(data.row.count !== null ? [{ key: 'count', label: 'Count', children: data.row.count }] : []),
              ...(data.row.parentType ? [{ key: 'type', label: 'Type', children: data.row.parentType }] : []),
              { key: 'created', label: 'Created', children: formatMoment(data.row.createdAt) },
              { key: 'id', label: 'Id', children: <Typography.Text copyable>{data.row._id}</Typography.Text> },
              ...(data.row.publicUrl
                ? [
                    {
                      key: 'link',
                      label: 'On the site',
                      children: (
                        <Link to={data.row.publicUrl} target="_blank" rel="noopener">
                          {data.row.publicUrl}
                        </Link>
                      ),
                    },
                  ]
                : []),
            ]}
          />
          {info.target && <ModerationActions targetType={info.target} targetId={data.row._id} />}
          {kind === 'conversations' && <ConversationReader id={data.row._id} />}
          {data.children.length > 0 && (
            <Table<AdminEntityRow>
              rowKey="_id"
              size="small"
              pagination={false}
              dataSource={data.children}
              columns={[
                { title: kind === 'galleries' ? 'Photo' : 'Line', dataIndex: 'title', key: 'title' },
                { title: 'By', dataIndex: 'ownerUsername', key: 'by' },
                { title: 'When', dataIndex: 'createdAt', key: 'when', render: (value: string) => formatMoment(value) },
                {
                  title: 'Actions',
                  key: 'actions',
                  render: (_: unknown, row: AdminEntityRow) => (
                    <ModerationActions targetType={kind === 'galleries' ? 'photo' : 'liveChat'} targetId={row._id} compact />
                  ),
                },
              ]}
            />
          )}
        </Space>
      )}
    </Drawer>
  );
}

const actionLabels: Record<ContentAction, string> = { hide: 'Hide', remove: 'Remove', restore: 'Restore' };

/** Hide, remove or restore through the moderation endpoint, each with the reason the creator reads. */
function ModerationActions({ targetType, targetId, compact }: { targetType: ModerationTargetType; targetId: string; compact?: boolean }) {
  const [action, setAction] = useState<ContentAction>();
  const [moderate, { isLoading }] = useAdminModerateContentMutation();
  return (
    <>
      <Space wrap>
        {(Object.keys(actionLabels) as ContentAction[]).map((name) => (
          <Button key={name} size={compact ? 'small' : 'middle'} danger={name !== 'restore'} onClick={() => setAction(name)}>
            {actionLabels[name]}
          </Button>
        ))}
      </Space>
      <ReasonModal
        open={!!action}
        title={action ? `${actionLabels[action]} this item` : ''}
        okText={action ? actionLabels[action] : 'OK'}
        loading={isLoading}
        onCancel={() => setAction(undefined)}
        onSubmit={async ({ reason }) => {
          try {
            await moderate({ body: { targetType, targetId, action: action!, reason } }).unwrap();
            toast.success('Done');
            setAction(undefined);
          } catch (error) {
            toast.error(errorMessage(error));
          }
        }}
      />
    </>
  );
}

/** A private conversation's messages, shown only after the admin gave a reason (recorded first). */
function ConversationReader({ id }: { id: string }) {
  const [asking, setAsking] = useState(false);
  const [messages, setMessages] = useState<AdminMessage[]>();
  const [read, { isLoading }] = useAdminReadConversationMutation();
  if (messages) {
    return (
      <List
        header={<strong>Messages</strong>}
        bordered
        dataSource={messages}
        locale={{ emptyText: 'No messages' }}
        renderItem={(message) => (
          <List.Item>
            <List.Item.Meta
              title={`@${message.senderUsername ?? message.senderId} · ${formatMoment(message.createdAt)}`}
              description={message.isDeleted ? '(deleted)' : message.text || '(media only)'}
            />
          </List.Item>
        )}
      />
    );
  }
  return (
    <>
      <Button type="primary" onClick={() => setAsking(true)}>
        Read messages
      </Button>
      <ReasonModal
        open={asking}
        title="Read this private conversation"
        okText="Read"
        loading={isLoading}
        onCancel={() => setAsking(false)}
        onSubmit={async ({ reason }) => {
          try {
            setMessages((await read({ id, body: { reason } }).unwrap()).data);
            setAsking(false);
          } catch (error) {
            toast.error(errorMessage(error));
          }
        }}
      />
    </>
  );
}
