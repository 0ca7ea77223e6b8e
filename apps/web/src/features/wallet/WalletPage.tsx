import { ArrowLeftOutlined } from '@ant-design/icons';
import type { ChargeStatus, ChargeType, PaymentTransaction, WalletCharge } from '@limelight/contracts';
import { Button, Card, Col, Flex, Row, Statistic, Tabs, Tag, Typography, theme } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ListPaymentTransactionsApiArg } from '../../shared/api/generated/payments';
import type { ListWalletChargesApiArg } from '../../shared/api/generated/wallet';
import { listArg } from '../../shared/hooks/useTableState';
import { formatCard, useFormatMoney } from '../../shared/lib/money';
import { chargeStatusLabels, chargeTypeLabels, labelOptions, paymentStatusLabels } from '../../shared/lib/money-labels';
import { useAppSelector } from '../../shared/lib/store';
import { errorMessage, toast } from '../../shared/lib/toast';
import { useListPaymentTransactionsQuery, useListWalletChargesQuery, useRetryPaymentMutation } from '../../shared/pay/api';
import { PaymentStatusTag, paymentPurpose, usePaymentFollowUp } from '../../shared/pay/PaymentOutcome';
import { backPath } from '../../shared/pay/top-up-link';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { amountColumn, MoneyTable } from '../../shared/ui/MoneyTable';
import { PageTitle } from '../../shared/ui/PageTitle';
import { CardsPanel } from './CardsPanel';
import { TopUpCard } from './TopUpCard';

/** `/user/wallet`: balance, top-up, cards, and what was paid in and spent (tabs, table state in the URL). */
export default function WalletPage() {
  const balance = useAppSelector((state) => state.session.user?.balance ?? 0);
  const { token } = theme.useToken();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'spent' ? 'spent' : 'payments';
  const back = backPath(params);
  const [addingCard, setAddingCard] = useState(false);
  // The Cards panel sits beside the top-up on a wide screen and above it on a phone: go to it.
  const addCard = () => {
    setAddingCard(true);
    document.getElementById('wallet-cards')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  return (
    <div className="page-wide">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <PageTitle>Wallet</PageTitle>
        {back && (
          <ButtonLink to={back} icon={<ArrowLeftOutlined aria-hidden />}>
            Back to your payment
          </ButtonLink>
        )}
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card>
            <Statistic
              title="Balance"
              value={balance}
              precision={2}
              suffix="tokens"
              valueStyle={{ color: token.colorSuccessText }}
              data-testid="wallet-balance"
            />
          </Card>
          <div style={{ marginTop: 16 }}>
            <CardsPanel adding={addingCard} onAddingChange={setAddingCard} />
          </div>
        </Col>
        <Col xs={24} md={12}>
          <TopUpCard onAddCard={addCard} />
        </Col>
      </Row>
      <Card style={{ marginTop: 16 }}>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams({ tab: key, ...(back ? { back } : {}) })}
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

/**
 * A card payment's state, and what the fan can do about it: confirm one the bank holds for
 * 3-D Secure (the same dialog as right after paying), or retry one that failed.
 */
function PaymentState({ payment, onFollow }: { payment: PaymentTransaction; onFollow: (payment: PaymentTransaction) => void }) {
  const [retry, retrying] = useRetryPaymentMutation();
  const action =
    payment.status === 'require_authentication' && payment.nextAction ? (
      <Button size="small" type="primary" onClick={() => onFollow(payment)}>
        Confirm
      </Button>
    ) : payment.canRetry ? (
      <Button
        size="small"
        loading={retrying.isLoading}
        onClick={() =>
          retry({ id: payment._id })
            .unwrap()
            .then(onFollow)
            .catch((error: unknown) => toast.error(errorMessage(error)))
        }
      >
        Retry
      </Button>
    ) : payment.status === 'fail' && !payment.card ? (
      <Typography.Text type="secondary">Card removed: pay again with a saved card</Typography.Text>
    ) : null;
  return (
    <Flex gap={8} align="center" wrap>
      <PaymentStatusTag payment={payment} />
      {action}
    </Flex>
  );
}

const usePayments = (query: object) => useListPaymentTransactionsQuery(listArg<ListPaymentTransactionsApiArg>(query));
const useCharges = (query: object) => useListWalletChargesQuery(listArg<ListWalletChargesApiArg>(query));

function PaymentsTable() {
  const money = useFormatMoney();
  const { follow, confirmation } = usePaymentFollowUp('The payment went through');
  return (
    <>
      <MoneyTable<PaymentTransaction, 'status'>
        filterNames={['status']}
        filter={{
          name: 'status',
          options: labelOptions(paymentStatusLabels),
          placeholder: 'Status',
          label: 'Filter by status',
          width: 200,
        }}
        useList={usePayments}
        columns={(sortOrder) => [
          { title: 'For', key: 'for', render: (_: unknown, row) => paymentPurpose(row) },
          amountColumn('Paid', 'amount', { format: money, sortOrder }),
          { title: 'Card', key: 'card', render: (_: unknown, row) => (row.card ? formatCard(row.card) : 'Removed card') },
          { title: 'Status', key: 'status', render: (_: unknown, row) => <PaymentState payment={row} onFollow={follow} /> },
        ]}
        phoneColumns={['for', 'amount', 'status']}
        scrollX={700}
        empty="No card payments yet."
      />
      {confirmation}
    </>
  );
}

function ChargesTable() {
  return (
    <MoneyTable<WalletCharge, 'type'>
      filterNames={['type']}
      filter={{ name: 'type', options: labelOptions(chargeTypeLabels), placeholder: 'For', label: 'Filter by what was paid for' }}
      useList={useCharges}
      columns={(sortOrder) => [
        { title: 'For', dataIndex: 'type', render: (type: ChargeType) => <Tag>{chargeTypeLabels[type]}</Tag> },
        {
          title: 'Creator',
          key: 'performer',
          render: (_: unknown, row) => <Link to={`/${row.performer.username ?? row.performer._id}`}>{row.performer.name}</Link>,
        },
        amountColumn('Spent', 'price', { sortOrder }),
        {
          // A refunded purchase gave its tokens back: it must not read as money still spent.
          title: 'Status',
          dataIndex: 'status',
          render: (status: ChargeStatus) => <Tag color={chargeStatusLabels[status].color}>{chargeStatusLabels[status].label}</Tag>,
        },
        { title: 'Message', dataIndex: 'message', ellipsis: true },
      ]}
      phoneColumns={['type', 'price', 'status']}
      scrollX={600}
      empty="Nothing spent yet."
    />
  );
}
