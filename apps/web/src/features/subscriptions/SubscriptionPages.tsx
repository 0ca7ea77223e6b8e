import type { Subscription } from '@limelight/contracts';
import { Avatar, Card, Flex, Table, Tag } from 'antd';
import { Link } from 'react-router';
import type { ListCreatorSubscribersApiArg, ListFanSubscriptionsApiArg } from '../../shared/api/generated/subscriptions';
import { listArg, useTableState } from '../../shared/hooks/useTableState';
import { formatDay } from '../../shared/lib/dates';
import { formatCard, formatTokens } from '../../shared/lib/money';
import { labelOptions, subscriptionPayerLabels, subscriptionStatusLabels } from '../../shared/lib/money-labels';
import { PageTitle } from '../../shared/ui/PageTitle';
import { usePhoneColumns } from '../../shared/ui/PhoneTable';
import { SelectFilter } from '../../shared/ui/TableFilters';
import { BlockButton } from '../blocks';
import { MessageButton } from '../messages';
import { useListCreatorSubscribersQuery, useListFanSubscriptionsQuery } from './api';
import { RenewalSwitch } from './RenewalSwitch';

const filterNames = ['status'] as const;
const typeLabels: Record<Subscription['type'], string> = {
  free: 'Free trial',
  monthly: '1 month',
  three_months: '3 months',
  six_months: '6 months',
  yearly: '12 months',
};

/** How it is paid, in the fan's words: the card by brand and last digits when known, never the gateway's name. */
const paidWith = (row: Subscription) => (row.card ? formatCard(row.card) : row.paidWith ? subscriptionPayerLabels[row.paidWith] : '');

const person = (user: Subscription['user']) => (
  <Link to={user.isPerformer ? `/${user.username ?? user._id}` : '#'}>
    <Flex gap={8} align="center">
      <Avatar size="small" src={user.avatar} alt="" />
      {user.name}
    </Flex>
  </Link>
);

function SubscriptionsTable({ side }: { side: 'user' | 'performer' }) {
  // A plan's price is in tokens however it was paid (decision 032); the card is named beside it.
  const price = (row: Subscription) => (row.paidWith === 'free' ? 'Free' : formatTokens(row.price));
  const { state, query, setFilter, tableProps, sortOrder } = useTableState(filterNames, { sortBy: 'updatedAt' });
  const mine = useListFanSubscriptionsQuery(listArg<ListFanSubscriptionsApiArg>(query), { skip: side !== 'user' });
  const theirs = useListCreatorSubscribersQuery(listArg<ListCreatorSubscribersApiArg>(query), { skip: side !== 'performer' });
  const { data, isFetching } = side === 'user' ? mine : theirs;
  const layout = usePhoneColumns<Subscription>(
    [
      side === 'user'
        ? { title: 'Creator', key: 'performer', render: (_: unknown, row) => person(row.performer) }
        : { title: 'Fan', key: 'user', render: (_: unknown, row) => person(row.user) },
      { title: 'Plan', dataIndex: 'type', render: (type: Subscription['type']) => typeLabels[type] },
      { title: 'Price', key: 'price', render: (_: unknown, row) => price(row) },
      {
        title: 'Status',
        dataIndex: 'status',
        render: (status: Subscription['status']) => (
          <Tag color={subscriptionStatusLabels[status].color}>{subscriptionStatusLabels[status].label}</Tag>
        ),
      },
      { title: 'Paid with', key: 'paidWith', render: (_: unknown, row) => paidWith(row) },
      {
        title: 'Ends',
        dataIndex: 'expiredAt',
        sorter: true,
        sortOrder: sortOrder('expiredAt'),
        render: (value: string) => formatDay(value),
      },
      { title: 'Renews', dataIndex: 'nextRenewalAt', render: (value: string | null) => formatDay(value) },
      ...(side === 'user'
        ? [
            {
              title: '',
              key: 'actions',
              render: (_: unknown, row: Subscription) => <RenewalSwitch subscription={row} />,
            },
          ]
        : [
            {
              title: '',
              key: 'actions',
              render: (_: unknown, row: Subscription) => (
                <Flex gap={8} wrap>
                  <MessageButton person={row.user} size="small" />
                  <BlockButton user={row.user} />
                </Flex>
              ),
            },
          ]),
    ],
    ['performer', 'user', 'status', 'actions', 'block'],
    700,
  );
  return (
    <>
      <SelectFilter
        value={state.filters.status}
        onChange={(value) => setFilter('status', value)}
        options={labelOptions(subscriptionStatusLabels)}
        placeholder="Status"
        label="Filter by status"
      />
      <Table<Subscription>
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.data}
        style={{ marginTop: 12 }}
        locale={{ emptyText: side === 'user' ? 'No subscriptions yet: subscribe on a creator’s page.' : 'No subscribers yet.' }}
        {...tableProps<Subscription>(data?.total)}
        {...layout}
      />
    </>
  );
}

/** `/user/subscriptions`: the fan's subscriptions, with cancel. */
export function MySubscriptionsPage() {
  return (
    <Card className="page-wide">
      <PageTitle>Subscriptions</PageTitle>
      <SubscriptionsTable side="user" />
    </Card>
  );
}

/** `/creator/subscribers`: who subscribes to the creator. */
export function SubscribersPage() {
  return (
    <Card className="page-wide">
      <PageTitle>Subscribers</PageTitle>
      <SubscriptionsTable side="performer" />
    </Card>
  );
}
