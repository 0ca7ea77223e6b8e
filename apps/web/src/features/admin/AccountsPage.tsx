import { DownloadOutlined } from '@ant-design/icons';
import { type AdminAccount, accountStandings, documentOpensInline, verificationStatuses } from '@limelight/contracts';
import { Button, Flex, Grid, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminListAccountsApiArg } from '../../shared/api/generated/admin';
import { listArg } from '../../shared/hooks/useTableState';
import { formatDay } from '../../shared/lib/dates';
import { errorMessage, toast } from '../../shared/lib/toast';
import { SearchFilter, SelectFilter } from '../../shared/ui/TableFilters';
import { AccountDrawer, NewAdminButton } from './AccountDrawer';
import { StandingMenu, StandingTag } from './AccountStanding';
import { AdminTable } from './AdminTable';
import { useAdminListAccountsQuery, useAdminUpdateAccountStatusMutation, useAdminVerifyCreatorDocumentsMutation } from './api';
import { accountStatusWords, standingWords, verificationWords, wordsOf } from './labels';
import { ReasonModal } from './ReasonModal';

const filterNames = ['q', 'status', 'verified', 'standing', 'verification'] as const;

/** Fans or creators, with the table's state in the URL. */
export function AccountsPage({ accountRole: role }: { accountRole: 'user' | 'performer' }) {
  const [params, setParams] = useSearchParams();
  const managed = params.get('account') ?? undefined;
  const setManaged = (id?: string) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (id) next.set('account', id);
      else next.delete('account');
      return next;
    });
  const [setStatus] = useAdminUpdateAccountStatusMutation();
  const [verify, verifying] = useAdminVerifyCreatorDocumentsMutation();
  const [rejecting, setRejecting] = useState<AdminAccount>();
  const creators = role === 'performer';
  // The same breakpoint as the table's folding (usePhoneColumns).
  const phone = Grid.useBreakpoint().md === false;

  const run = async (action: Promise<{ message: string }>) => {
    try {
      toast.success((await action).message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <AdminTable<AdminAccount>
      key={role}
      title={creators ? 'Creators' : 'Fans'}
      filterNames={filterNames}
      fixedQuery={{ role }}
      defaultSortBy="updatedAt"
      useList={(query) => useAdminListAccountsQuery(listArg<AdminListAccountsApiArg>(query))}
      exportPath="/admin/accounts"
      phoneColumns={['username', 'actions']}
      filters={(state, setFilter) => (
        <>
          <SearchFilter
            value={state.filters.q}
            onSearch={(value) => setFilter('q', value)}
            placeholder="Search name, username or e-mail"
            label="Search accounts"
          />
          <SelectFilter
            value={state.filters.status}
            onChange={(value) => setFilter('status', value)}
            options={(['active', 'inactive'] as const).map((status) => ({ value: status, label: accountStatusWords[status].label }))}
            placeholder="Status"
            label="Filter by status"
          />
          <SelectFilter
            value={state.filters.standing}
            onChange={(value) => setFilter('standing', value)}
            options={accountStandings.map((standing) => ({ value: standing, label: standingWords[standing].label }))}
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
          {creators && (
            <SelectFilter
              value={state.filters.verification}
              onChange={(value) => setFilter('verification', value)}
              options={verificationStatuses.map((status) => ({ value: status, label: verificationWords[status].label }))}
              placeholder="Review"
              label="Filter by review"
              width={170}
            />
          )}
        </>
      )}
      columns={[
        { title: 'Name', dataIndex: 'name', sorter: true },
        {
          title: 'Username',
          dataIndex: 'username',
          sorter: true,
          // A phone has room for two columns: the standing shows under the username there.
          render: (username: string, row: AdminAccount) =>
            phone ? (
              <Flex vertical align="flex-start" gap={4}>
                {username}
                <StandingTag account={row} />
              </Flex>
            ) : (
              username
            ),
        },
        {
          title: 'E-mail',
          dataIndex: 'email',
          render: (email: string, row) => (
            <Space>
              {email}
              {!row.verifiedEmail && <Tag>E-mail not confirmed</Tag>}
            </Space>
          ),
        },
        {
          title: 'Status',
          dataIndex: 'status',
          render: (status: string) => {
            const words = wordsOf(accountStatusWords, status);
            return <Tag color={words.color}>{words.label}</Tag>;
          },
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
                    {row.verification && (
                      <Tag color={verificationWords[row.verification.status].color} title={row.verification.reason ?? undefined}>
                        {verificationWords[row.verification.status].label}
                      </Tag>
                    )}
                  </Space>
                ),
              },
            ]
          : []),
        {
          title: 'Joined',
          dataIndex: 'createdAt',
          sorter: true,
          render: (date: string) => formatDay(date),
        },
        {
          title: 'Actions',
          key: 'actions',
          render: (_: unknown, row: AdminAccount) => (
            <Space wrap>
              <StandingMenu account={row} />
              {creators && (
                <Button size="small" onClick={() => run(verify({ id: row._id, body: { verified: !row.verifiedDocument } }).unwrap())}>
                  {row.verifiedDocument ? 'Withdraw verification' : 'Verify'}
                </Button>
              )}
              {creators && row.verification?.status === 'pending' && (
                <Button size="small" onClick={() => setRejecting(row)}>
                  Reject
                </Button>
              )}
              <Button size="small" type="primary" onClick={() => setManaged(row._id)}>
                Manage
              </Button>
              <Popconfirm
                title={row.status === 'active' ? 'Deactivate this account? It will be signed out everywhere.' : 'Activate this account?'}
                onConfirm={() =>
                  run(setStatus({ id: row._id, body: { status: row.status === 'active' ? 'inactive' : 'active' } }).unwrap())
                }
              >
                <Button size="small" danger={row.status === 'active'}>
                  {row.status === 'active' ? 'Deactivate' : 'Activate'}
                </Button>
              </Popconfirm>
            </Space>
          ),
        },
      ]}
    >
      <AccountDrawer id={managed} onClose={() => setManaged(undefined)} />
      {rejecting && (
        // Rejecting documents asks for the reason the creator will read (decision 051).
        <ReasonModal
          open
          title={`Reject ${rejecting.name}'s documents`}
          okText="Reject documents"
          danger
          loading={verifying.isLoading}
          reasonLabel="Reason (the creator reads it and is e-mailed)"
          maxLength={1000}
          onCancel={() => setRejecting(undefined)}
          onSubmit={({ reason }) =>
            run(verify({ id: rejecting._id, body: { verified: false, reason } }).unwrap()).then(() => setRejecting(undefined))
          }
        />
      )}
    </AdminTable>
  );
}

/**
 * The site's team: who holds admin rights, and "New admin" (an admin is created here and sets a
 * password from the e-mailed link). Admins are not edited, suspended or deactivated from the
 * console (the API refuses it), so the rows carry no actions.
 */
export function AdminsPage() {
  return (
    <AdminTable<AdminAccount>
      title="Admins"
      filterNames={['q']}
      fixedQuery={{ role: 'admin' }}
      defaultSortBy="createdAt"
      useList={(query) => useAdminListAccountsQuery(listArg<AdminListAccountsApiArg>(query))}
      exportPath="/admin/accounts"
      phoneColumns={['username', 'email']}
      actions={<NewAdminButton />}
      empty="No admins yet"
      filters={(state, setFilter) => (
        <SearchFilter
          value={state.filters.q}
          onSearch={(value) => setFilter('q', value)}
          placeholder="Search name, username or e-mail"
          label="Search admins"
        />
      )}
      columns={[
        { title: 'Name', dataIndex: 'name', sorter: true },
        { title: 'Username', dataIndex: 'username', sorter: true },
        { title: 'E-mail', dataIndex: 'email' },
        { title: 'Added', dataIndex: 'createdAt', sorter: true, render: (date: string) => formatDay(date) },
      ]}
    />
  );
}
