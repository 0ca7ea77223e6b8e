import type { BlockedUser } from '@limelight/contracts';
import { Avatar, Button, Card, Flex, Input, Select, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useAppSelector } from '../../app/store';
import { formatDay } from '../../shared/lib/dates';
import { errorMessage, toast } from '../../shared/lib/toast';
import { PageTitle } from '../../shared/ui/PageTitle';
import { useCountriesQuery } from '../lookups/api';
import { useBlockedCountriesQuery, useBlockedUsersQuery, useSetBlockedCountriesMutation, useUnblockUserMutation } from './api';

const PAGE = 10;

/** `/user/blocked`: the accounts the user blocked (with unblock), and a creator's blocked countries. */
export default function BlockingPage() {
  const user = useAppSelector((state) => state.session.user);
  return (
    <Flex vertical gap={16} className="page-wide">
      <BlockedUsersCard />
      {user?.isPerformer && <BlockedCountriesCard />}
    </Flex>
  );
}

function BlockedUsersCard() {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const { data, isFetching } = useBlockedUsersQuery({ offset: (page - 1) * PAGE, limit: PAGE, q: q || undefined });
  const [unblock] = useUnblockUserMutation();
  return (
    <Card>
      <PageTitle>Blocked users</PageTitle>
      <Typography.Paragraph type="secondary">
        Blocked accounts cannot see your page, your content or your comments, follow you, subscribe, tip or buy.
      </Typography.Paragraph>
      <Input.Search
        allowClear
        placeholder="Search by name"
        aria-label="Search blocked users"
        onSearch={(value) => {
          setQ(value.trim());
          setPage(1);
        }}
        style={{ maxWidth: 320 }}
      />
      <Table<BlockedUser>
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.data}
        scroll={{ x: 560 }}
        style={{ marginTop: 12 }}
        locale={{ emptyText: 'You have not blocked anyone.' }}
        pagination={{ current: page, pageSize: PAGE, total: data?.total, onChange: setPage, hideOnSinglePage: true }}
        columns={[
          {
            title: 'User',
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
                  unblock(row.target._id)
                    .unwrap()
                    .then(() => toast.success(`${row.target.name} is unblocked`))
                    .catch((error: unknown) => toast.error(errorMessage(error)))
                }
              >
                Unblock
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** A searchable list of countries with their flags; saving replaces the creator's whole list. */
function BlockedCountriesCard() {
  const countries = useCountriesQuery();
  const saved = useBlockedCountriesQuery();
  const [save, saving] = useSetBlockedCountriesMutation();
  const [codes, setCodes] = useState<string[]>([]);
  useEffect(() => {
    if (saved.data) setCodes(saved.data.countryCodes);
  }, [saved.data]);
  return (
    <Card>
      <Typography.Title level={3}>Blocked countries</Typography.Title>
      <Typography.Paragraph type="secondary">
        Visitors from these countries see neither your page nor your content, and do not find you in search.
      </Typography.Paragraph>
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
            save(codes)
              .unwrap()
              .then((result) =>
                toast.success(result.countryCodes.length ? `${result.countryCodes.length} countries blocked` : 'No country is blocked'),
              )
              .catch((error: unknown) => toast.error(errorMessage(error)))
          }
        >
          Save
        </Button>
      </Flex>
    </Card>
  );
}
