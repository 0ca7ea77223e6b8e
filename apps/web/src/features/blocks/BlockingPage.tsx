import type { BlockedUser } from '@limelight/contracts';
import { Avatar, Button, Card, Flex, Select, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { ListBlockedUsersApiArg } from '../../shared/api/generated/blocks';
import { listArg, useTableState } from '../../shared/hooks/useTableState';
import { formatDay } from '../../shared/lib/dates';
import { useAppSelector } from '../../shared/lib/store';
import { errorMessage, toast } from '../../shared/lib/toast';
import { PageTitle } from '../../shared/ui/PageTitle';
import { usePhoneColumns } from '../../shared/ui/PhoneTable';
import { SearchFilter } from '../../shared/ui/TableFilters';
import { useListCountriesQuery } from '../lookups';
import { useListBlockedCountriesQuery, useListBlockedUsersQuery, useUnblockUserMutation, useUpdateBlockedCountriesMutation } from './api';

/**
 * What blocking means, in the words of who reads it (decision 011, 038): a creator's blocks keep
 * people out; a fan's only hide creators from the fan.
 */
const copy = {
  creator: {
    title: 'Blocked users',
    users: 'Blocked accounts cannot see your page, your content or your comments, follow you, subscribe, tip or buy.',
    empty: 'You have not blocked anyone.',
    column: 'User',
    countries: 'Visitors from these countries see neither your page nor your content, and do not find you in search.',
  },
  fan: {
    title: 'Blocked creators',
    users:
      'Creators you blocked no longer appear in your search, lists, timeline or stories, and you no longer follow them. They are not told.',
    empty: 'You have not blocked any creator. Block one from their page.',
    column: 'Creator',
    countries:
      'Creators from these countries no longer appear in your search, lists, timeline or stories. Their pages still open from a link.',
  },
};

/** `/user/blocked`: the accounts the user blocked (with unblock), and the countries they blocked. */
export default function BlockingPage() {
  const who = useAppSelector((state) => (state.session.user?.isPerformer ? 'creator' : 'fan'));
  return (
    <Flex vertical gap={16} className="page-wide">
      <BlockedUsersCard who={who} />
      <BlockedCountriesCard who={who} />
    </Flex>
  );
}

/** The blocked accounts, searched and paged in the URL (spec 2). */
function BlockedUsersCard({ who }: { who: keyof typeof copy }) {
  const { state, query, setFilter, tableProps } = useTableState(['q'] as const, { sortBy: 'createdAt' });
  const { data, isFetching } = useListBlockedUsersQuery(listArg<ListBlockedUsersApiArg>(query));
  const [unblock] = useUnblockUserMutation();
  const words = copy[who];
  // On a phone, who and Unblock stay; the reason and the date fold into the row.
  const layout = usePhoneColumns<BlockedUser>(
    [
      {
        title: words.column,
        key: 'target',
        render: (_: unknown, row) => (
          <Flex gap={8} align="center">
            <Avatar src={row.target.avatar} alt="" size="small" />
            <span>
              {row.target.name}
              {row.target.username && <Typography.Text type="secondary"> @{row.target.username}</Typography.Text>}
            </span>
          </Flex>
        ),
      },
      { title: 'Reason', dataIndex: 'reason', render: (reason: string | null) => reason ?? '—' },
      { title: 'Blocked', dataIndex: 'createdAt', render: (date: string) => formatDay(date) },
      {
        title: '',
        key: 'actions',
        render: (_: unknown, row) => (
          <Button
            size="small"
            aria-label={`Unblock ${row.target.name}`}
            onClick={() =>
              unblock({ id: row.target._id })
                .unwrap()
                .then(() => toast.success(`${row.target.name} is unblocked`))
                .catch((error: unknown) => toast.error(errorMessage(error)))
            }
          >
            Unblock
          </Button>
        ),
      },
    ],
    ['target', 'actions'],
    560,
  );
  return (
    <Card>
      <PageTitle>{words.title}</PageTitle>
      <Typography.Paragraph type="secondary">{words.users}</Typography.Paragraph>
      <SearchFilter
        value={state.filters.q}
        onSearch={(value) => setFilter('q', value)}
        placeholder="Search by name"
        label={`Search ${words.title.toLowerCase()}`}
      />
      <Table<BlockedUser>
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.data}
        style={{ marginTop: 12 }}
        locale={{ emptyText: state.filters.q ? 'No one you blocked matches this search.' : words.empty }}
        {...tableProps<BlockedUser>(data?.total)}
        {...layout}
      />
    </Card>
  );
}

const blockedCountriesToast = (count: number) =>
  count === 0 ? 'No country is blocked' : count === 1 ? '1 country blocked' : `${count} countries blocked`;

/** A searchable list of countries with their flags; saving replaces the whole list. */
function BlockedCountriesCard({ who }: { who: keyof typeof copy }) {
  const countries = useListCountriesQuery();
  const saved = useListBlockedCountriesQuery();
  const [save, saving] = useUpdateBlockedCountriesMutation();
  const [codes, setCodes] = useState<string[]>([]);
  useEffect(() => {
    if (saved.data) setCodes(saved.data.countryCodes);
  }, [saved.data]);
  return (
    <Card>
      <Typography.Title level={3}>Blocked countries</Typography.Title>
      <Typography.Paragraph type="secondary">{copy[who].countries}</Typography.Paragraph>
      <Flex gap={8} wrap align="flex-start">
        <Select
          mode="multiple"
          style={{ flex: 1, minWidth: 240 }}
          aria-label="Blocked countries"
          placeholder="Choose countries"
          loading={countries.isLoading || saved.isLoading}
          value={codes}
          onChange={setCodes}
          // Plain names keep search and screen readers working; the flag is drawn beside each.
          showSearch={{ optionFilterProp: 'label' }}
          options={countries.data?.map((country) => ({ value: country.code, label: country.name, flag: country.flag }))}
          optionRender={(option) => (
            <Flex gap={6} align="center">
              <img src={option.data.flag} alt="" width={20} height={14} style={{ objectFit: 'cover' }} />
              {option.label}
            </Flex>
          )}
        />
        <Button
          type="primary"
          loading={saving.isLoading}
          onClick={() =>
            save({ body: { countryCodes: codes } })
              .unwrap()
              .then((result) => toast.success(blockedCountriesToast(result.countryCodes.length)))
              .catch((error: unknown) => toast.error(errorMessage(error)))
          }
        >
          Save
        </Button>
      </Flex>
    </Card>
  );
}
