import type { PaymentTransaction, WalletCharge } from '@limelight/contracts';
import { chargeTypes, paymentStatuses } from '@limelight/contracts';
import { Button, Card, Col, Row, Statistic, Table, Tabs, Tag, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useAppSelector } from '../../app/store';
import { useTableState } from '../../shared/hooks/useTableState';
import { errorMessage, toast } from '../../shared/lib/toast';
import { createdAtColumn, formatAmount } from '../../shared/ui/TableCells';
import { SelectFilter } from '../../shared/ui/TableFilters';
import { useChargesQuery, useRetryPaymentMutation, useTransactionsQuery } from './api';
import { CardsPanel } from './CardsPanel';
import { paymentPurpose, paymentStatusColumn, usePaymentFollowUp } from './PaymentOutcome';
import { TopUpCard } from './TopUpCard';

/** `/user/wallet`: balance, top-up, cards, and what was paid in and spent (tabs, table state in the URL). */
export default function WalletPage() {
  const balance = useAppSelector((state) => state.session.user?.balance ?? 0);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'spent' ? 'spent' : 'payments';
  return (
    <div className="page-wide">
      <Typography.Title level={2}>Wallet</Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card>
            <Statistic
              title="Balance"
              value={balance}
              precision={2}
              suffix="tokens"
              valueStyle={{ color: '#4ec52a' }}
              data-testid="wallet-balance"
            />
          </Card>
          <div style={{ marginTop: 16 }}>
            <CardsPanel />
          </div>
        </Col>
        <Col xs={24} md={12}>
          <TopUpCard />
        </Col>
      </Row>
      <Card style={{ marginTop: 16 }}>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams({ tab: key })}
          destroyOnHidden
          items={[
            { key: 'payments', label: 'Card payments', children: <PaymentsTable /> },
            { key: 'spent', label: 'Spent from wallet', children: <ChargesTable /> },
          ]}
        />
      </Card>
    </div>
  );
}

function PaymentsTable() {
  const { state, query, setFilter, tableProps, sortOrder } = useTableState(['status'] as const, { sortBy: 'createdAt' });
  const { data, isFetching } = useTransactionsQuery(query);
  const [retry] = useRetryPaymentMutation();
  const { follow, confirmation } = usePaymentFollowUp('The payment went through');
  return (
    <>
      <SelectFilter
        value={state.filters.status}
        onChange={(value) => setFilter('status', value)}
        values={paymentStatuses}
        placeholder="Status"
        label="Filter by status"
        width={200}
      />
      <Table<PaymentTransaction>
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.data}
        scroll={{ x: 700 }}
        style={{ marginTop: 12 }}
        locale={{ emptyText: 'No card payments yet.' }}
        {...tableProps<PaymentTransaction>(data?.total)}
        columns={[
          createdAtColumn('Date', sortOrder),
          {
            title: 'For',
            key: 'for',
            render: (_: unknown, row) => paymentPurpose(row),
          },
          {
            title: 'Paid',
            dataIndex: 'amount',
            sorter: true,
            sortOrder: sortOrder('amount'),
            render: formatAmount,
          },
          { title: 'Card', key: 'card', render: (_: unknown, row) => (row.card ? `${row.card.brand} •••• ${row.card.last4}` : '') },
          paymentStatusColumn,
          {
            title: '',
            key: 'actions',
            render: (_: unknown, row) =>
              row.canRetry ? (
                <Button
                  size="small"
                  onClick={() =>
                    retry(row._id)
                      .unwrap()
                      .then(follow)
                      .catch((error: unknown) => toast.error(errorMessage(error)))
                  }
                >
                  Retry
                </Button>
              ) : row.status === 'fail' && !row.card ? (
                <Typography.Text type="secondary">Card removed: pay again with a saved card</Typography.Text>
              ) : null,
          },
        ]}
      />
      {confirmation}
    </>
  );
}

function ChargesTable() {
  const { state, query, setFilter, tableProps, sortOrder } = useTableState(['type'] as const, { sortBy: 'createdAt' });
  const { data, isFetching } = useChargesQuery(query);
  return (
    <>
      <SelectFilter
        value={state.filters.type}
        onChange={(value) => setFilter('type', value)}
        values={chargeTypes}
        placeholder="Kind"
        label="Filter by kind"
      />
      <Table<WalletCharge>
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.data}
        scroll={{ x: 600 }}
        style={{ marginTop: 12 }}
        locale={{ emptyText: 'Nothing spent yet.' }}
        {...tableProps<WalletCharge>(data?.total)}
        columns={[
          createdAtColumn('Date', sortOrder),
          { title: 'Kind', dataIndex: 'type', render: (type: string) => <Tag>{type}</Tag> },
          {
            title: 'Creator',
            key: 'performer',
            render: (_: unknown, row) => <Link to={`/${row.performer.username ?? row.performer._id}`}>{row.performer.name}</Link>,
          },
          { title: 'Tokens', dataIndex: 'price', sorter: true, sortOrder: sortOrder('price'), render: formatAmount },
          { title: 'Message', dataIndex: 'message', ellipsis: true },
        ]}
      />
    </>
  );
}
