import { DownloadOutlined } from '@ant-design/icons';
import { type AdminAccount, documentOpensInline } from '@limelight/contracts';
import { Button, Card, Flex, Popconfirm, Space, Table, Tag } from 'antd';
import { useTableState } from '../../shared/hooks/useTableState';
import { formatDay } from '../../shared/lib/dates';
import { errorMessage, toast } from '../../shared/lib/toast';
import { PageTitle } from '../../shared/ui/PageTitle';
import { SearchFilter, SelectFilter } from '../../shared/ui/TableFilters';
import { StandingMenu, StandingTag } from './AccountStanding';
import { useAccountsQuery, useSetAccountStatusMutation, useVerifyDocumentsMutation } from './api';

const filterNames = ['q', 'status', 'verified', 'standing'] as const;

/** Fans or creators, with the table's state in the URL. */
export function AccountsPage({ accountRole: role }: { accountRole: 'user' | 'performer' }) {
  const { state, query, setFilter, sortOrder, tableProps } = useTableState(filterNames);
  const { data, isFetching } = useAccountsQuery({ role, ...query });
  const [setStatus] = useSetAccountStatusMutation();
  const [verify] = useVerifyDocumentsMutation();
  const creators = role === 'performer';

  const run = async (action: Promise<{ message: string }>) => {
    try {
      toast.success((await action).message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <Card>
      <PageTitle>{creators ? 'Creators' : 'Fans'}</PageTitle>
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <SearchFilter
          value={state.filters.q}
          onSearch={(value) => setFilter('q', value)}
          placeholder="Search name, username or e-mail"
          label="Search accounts"
        />
        <SelectFilter
          value={state.filters.status}
          onChange={(value) => setFilter('status', value)}
          options={[
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
          ]}
          placeholder="Status"
          label="Filter by status"
        />
        <SelectFilter
          value={state.filters.standing}
          onChange={(value) => setFilter('standing', value)}
          options={[
            { value: 'good', label: 'Good standing' },
            { value: 'suspended', label: 'Suspended' },
            { value: 'banned', label: 'Banned' },
          ]}
          placeholder="Standing"
          label="Filter by standing"
          width={160}
        />
        {creators && (
          <SelectFilter
            value={state.filters.verified}
            onChange={(value) => setFilter('verified', value)}
            options={[
              { value: 'true', label: 'Verified' },
              { value: 'false', label: 'Not verified' },
            ]}
            placeholder="Documents"
            label="Filter by verification"
            width={160}
          />
        )}
      </Flex>
      <Table<AdminAccount>
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.data}
        scroll={{ x: 1100 }}
        {...tableProps<AdminAccount>(data?.total)}
        columns={[
          { title: 'Name', dataIndex: 'name', sorter: true, sortOrder: sortOrder('name') },
          { title: 'Username', dataIndex: 'username', sorter: true, sortOrder: sortOrder('username') },
          {
            title: 'E-mail',
            dataIndex: 'email',
            render: (email: string, row) => (
              <Space>
                {email}
                {!row.verifiedEmail && <Tag>unverified</Tag>}
              </Space>
            ),
          },
          {
            title: 'Status',
            dataIndex: 'status',
            render: (status: string) => <Tag color={status === 'active' ? 'success' : 'default'}>{status}</Tag>,
          },
          { title: 'Standing', key: 'standing', render: (_: unknown, row: AdminAccount) => <StandingTag account={row} /> },
          ...(creators
            ? [
                {
                  title: 'Documents',
                  key: 'documents',
                  render: (_: unknown, row: AdminAccount) => (
                    <Space wrap>
                      {row.documents.map((document) => {
                        const label = document.field === 'idVerification' ? 'ID' : 'Selfie';
                        // Re-encoded images open in a tab; PDFs are only ever downloads (the API says so too).
                        return documentOpensInline(document.mimeType) ? (
                          <a key={document._id} href={document.url} target="_blank" rel="noreferrer">
                            {label}
                          </a>
                        ) : (
                          <a key={document._id} href={document.url} download>
                            <DownloadOutlined aria-hidden /> {label} ({document.mimeType === 'application/pdf' ? 'PDF' : 'file'})
                          </a>
                        );
                      })}
                      <Tag color={row.verifiedDocument ? 'success' : 'warning'}>{row.verifiedDocument ? 'verified' : 'pending'}</Tag>
                    </Space>
                  ),
                },
              ]
            : []),
          {
            title: 'Joined',
            dataIndex: 'createdAt',
            sorter: true,
            sortOrder: sortOrder('createdAt'),
            render: (date: string) => formatDay(date),
          },
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, row: AdminAccount) => (
              <Space wrap>
                <StandingMenu account={row} />
                {creators && (
                  <Button size="small" onClick={() => run(verify({ id: row._id, verified: !row.verifiedDocument }).unwrap())}>
                    {row.verifiedDocument ? 'Withdraw verification' : 'Verify'}
                  </Button>
                )}
                <Popconfirm
                  title={row.status === 'active' ? 'Deactivate this account? It will be signed out everywhere.' : 'Activate this account?'}
                  onConfirm={() => run(setStatus({ id: row._id, status: row.status === 'active' ? 'inactive' : 'active' }).unwrap())}
                >
                  <Button size="small" danger={row.status === 'active'}>
                    {row.status === 'active' ? 'Deactivate' : 'Activate'}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
