import type {
  ChargeStatus,
  ChargeType,
  Coupon,
  Earning,
  PaymentTransaction,
  PayoutRequest,
  SaveCouponInput,
  WalletCharge,
} from '@limelight/contracts';
import { Alert, Button, DatePicker, Flex, Form, Input, Modal, Popconfirm, Skeleton, Switch, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import type {
  AdminListCouponsApiArg,
  AdminListEarningsApiArg,
  AdminListPaymentTransactionsApiArg,
  AdminListPayoutRequestsApiArg,
  AdminListWalletChargesApiArg,
} from '../../shared/api/generated/admin';
import { listArg } from '../../shared/hooks/useTableState';
import { formatMoment } from '../../shared/lib/dates';
import { formatTokens, useFormatMoney } from '../../shared/lib/money';
import {
  chargeStatusLabels,
  chargeTypeLabels,
  labelOptions,
  paymentStatusLabels,
  paymentTypeLabels,
  payoutStatusLabels,
} from '../../shared/lib/money-labels';
import { errorMessage, toast } from '../../shared/lib/toast';
import { paymentPurpose, paymentStatusColumn } from '../../shared/pay/PaymentOutcome';
import { AmountInput, amountRules } from '../../shared/ui/AmountInput';
import { amountColumn } from '../../shared/ui/MoneyTable';
import { createdAtColumn } from '../../shared/ui/TableCells';
import { SearchFilter, SelectFilter } from '../../shared/ui/TableFilters';
import { EarningSource, payoutColumns } from '../earnings';
import { AdminTable } from './AdminTable';
import {
  useAdminCreateCouponMutation,
  useAdminDeleteCouponMutation,
  useAdminListCouponsQuery,
  useAdminListEarningsQuery,
  useAdminListPaymentTransactionsQuery,
  useAdminListPayoutRequestsQuery,
  useAdminListWalletChargesQuery,
  useAdminPreviewPaymentRefundQuery,
  useAdminRefundPaymentMutation,
  useAdminRefundWalletChargeMutation,
  useAdminReviewPayoutRequestMutation,
  useAdminUpdateCouponMutation,
} from './money-api';
import type { ListQuery } from './site-api';

const useAdminEarnings = (query: ListQuery) => useAdminListEarningsQuery(listArg<AdminListEarningsApiArg>(query));
const useAdminPayouts = (query: ListQuery) => useAdminListPayoutRequestsQuery(listArg<AdminListPayoutRequestsApiArg>(query));
const useAdminTransactions = (query: ListQuery) => useAdminListPaymentTransactionsQuery(listArg<AdminListPaymentTransactionsApiArg>(query));
const useAdminCharges = (query: ListQuery) => useAdminListWalletChargesQuery(listArg<AdminListWalletChargesApiArg>(query));
const useAdminCoupons = (query: ListQuery) => useAdminListCouponsQuery(listArg<AdminListCouponsApiArg>(query));

/** A row's Refund button, which asks first and tells how it went. */
function RefundButton({ what, description, refund }: { what: 'payment' | 'charge'; description: string; refund: () => Promise<unknown> }) {
  return (
    <Popconfirm
      title={`Refund this ${what}?`}
      description={description}
      okText="Refund"
      onConfirm={() =>
        refund()
          .then(() => toast.success(what === 'payment' ? 'Payment refunded' : 'Charge refunded'))
          .catch((error: unknown) => toast.error(errorMessage(error)))
      }
    >
      <Button size="small">Refund</Button>
    </Popconfirm>
  );
}

/**
 * Refunding a card payment: what it will give back to the card and take back, shortfall included,
 * is read from the server and shown before the admin confirms (decision 032).
 */
function PaymentRefundButton({ payment }: { payment: PaymentTransaction }) {
  const money = useFormatMoney();
  const [open, setOpen] = useState(false);
  const {
    data: preview,
    isFetching,
    isError,
    error,
  } = useAdminPreviewPaymentRefundQuery({ id: payment._id }, { skip: !open, refetchOnMountOrArgChange: true });
  const [refund, { isLoading }] = useAdminRefundPaymentMutation();
  const confirm = () =>
    refund({ id: payment._id })
      .unwrap()
      .then((done) => {
        toast.success(`Payment refunded: ${money(done.refunded)} back to the card`);
        setOpen(false);
      })
      .catch((failure: unknown) => toast.error(errorMessage(failure)));
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        Refund
      </Button>
      <Modal
        open={open}
        title="Refund this payment?"
        onCancel={() => setOpen(false)}
        okText={preview ? `Refund ${money(preview.amount)}` : 'Refund'}
        okButtonProps={{ disabled: !preview || preview.amount === 0 || isFetching, loading: isLoading }}
        onOk={confirm}
      >
        {isFetching || (!preview && !isError) ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : isError ? (
          <Alert type="error" showIcon title={errorMessage(error)} />
        ) : (
          <Flex vertical gap={8} data-testid="refund-preview">
            <Typography.Text>
              {paymentPurpose(payment)}, {money(payment.amount)} charged to the card.
            </Typography.Text>
            {!!preview?.shortfall && (
              <Alert
                type="warning"
                showIcon
                title={`Shortfall: ${money(preview.shortfall)} is not refunded`}
                description="The fan has already spent that part of the tokens this payment bought."
              />
            )}
            <Typography.Paragraph style={{ marginBottom: 0 }}>{preview?.summary}</Typography.Paragraph>
            <Typography.Text type="secondary">The fan is told by e-mail.</Typography.Text>
          </Flex>
        )}
      </Modal>
    </>
  );
}

/** AdminTable sets each sortable column's order from the URL; the shared column makers ask for one. */
const orderFromAdminTable = () => null;

/** Every payment from a wallet (tips, purchases, subscription periods); a successful one can be refunded. */
export function WalletChargesAdminPage() {
  const [refund] = useAdminRefundWalletChargeMutation();
  return (
    <AdminTable<WalletCharge>
      title="Wallet charges"
      filterNames={['status', 'type']}
      useList={useAdminCharges}
      exportPath="/admin/wallet/charges"
      empty="No wallet charges"
      phoneColumns={['user', 'price', 'status', 'actions']}
      filters={(state, setFilter) => (
        <>
          <SelectFilter
            value={state.filters.status}
            onChange={(value) => setFilter('status', value)}
            options={labelOptions(chargeStatusLabels)}
            placeholder="Status"
            label="Filter by status"
          />
          <SelectFilter
            value={state.filters.type}
            onChange={(value) => setFilter('type', value)}
            options={labelOptions(chargeTypeLabels)}
            placeholder="Kind"
            label="Filter by kind"
          />
        </>
      )}
      columns={[
        createdAtColumn('Date', orderFromAdminTable),
        { title: 'Fan', key: 'user', render: (_: unknown, row) => row.user.name },
        { title: 'Creator', key: 'performer', render: (_: unknown, row) => row.performer.name },
        { title: 'Kind', dataIndex: 'type', render: (type: ChargeType) => <Tag>{chargeTypeLabels[type]}</Tag> },
        { title: 'Spent', dataIndex: 'price', sorter: true, render: formatTokens },
        {
          title: 'Status',
          dataIndex: 'status',
          render: (status: ChargeStatus) => <Tag color={chargeStatusLabels[status].color}>{chargeStatusLabels[status].label}</Tag>,
        },
        {
          title: '',
          key: 'actions',
          render: (_: unknown, row) =>
            row.status === 'success' ? (
              <RefundButton
                what="charge"
                description={`${formatTokens(row.price)} go back to ${row.user.name}${row.type === 'tip' ? '' : ', who loses what they bought'}.`}
                refund={() => refund({ id: row._id }).unwrap()}
              />
            ) : null,
        },
      ]}
    />
  );
}

/** Every card payment on the site; a successful one can be refunded to its card. */
export function TransactionsAdminPage() {
  const money = useFormatMoney();
  return (
    <AdminTable<PaymentTransaction>
      title="Transactions"
      filterNames={['status', 'type']}
      useList={useAdminTransactions}
      exportPath="/admin/payment/transactions"
      empty="No card payments"
      phoneColumns={['user', 'amount', 'status', 'actions']}
      filters={(state, setFilter) => (
        <>
          <SelectFilter
            value={state.filters.status}
            onChange={(value) => setFilter('status', value)}
            options={labelOptions(paymentStatusLabels)}
            placeholder="Status"
            label="Filter by status"
            width={200}
          />
          <SelectFilter
            value={state.filters.type}
            onChange={(value) => setFilter('type', value)}
            options={labelOptions(paymentTypeLabels)}
            placeholder="Kind"
            label="Filter by kind"
            width={180}
          />
        </>
      )}
      columns={[
        createdAtColumn('Date', orderFromAdminTable),
        { title: 'Fan', key: 'user', render: (_: unknown, row) => row.user.name },
        { title: 'For', key: 'for', render: (_: unknown, row) => paymentPurpose(row) },
        { title: 'Gateway', dataIndex: 'gateway' },
        { title: 'Amount', dataIndex: 'amount', sorter: true, render: money },
        {
          title: 'Tokens',
          dataIndex: 'tokens',
          render: (tokens: number, row) => (row.type === 'subscription' ? '' : formatTokens(tokens)),
        },
        { title: 'Refunded', dataIndex: 'refunded', render: (refunded: number) => (refunded ? money(refunded) : '') },
        { title: 'Coupon', dataIndex: 'couponCode' },
        paymentStatusColumn,
        {
          title: '',
          key: 'actions',
          render: (_: unknown, row) => (row.status === 'success' ? <PaymentRefundButton payment={row} /> : null),
        },
      ]}
    />
  );
}

/** Every sale, with the platform's commission. */
export function EarningsAdminPage() {
  return (
    <AdminTable<Earning>
      title="Earnings"
      filterNames={['sourceType']}
      useList={useAdminEarnings}
      exportPath="/admin/earnings"
      empty="No earnings"
      phoneColumns={['performer', 'gross']}
      filters={(state, setFilter) => (
        <SelectFilter
          value={state.filters.sourceType}
          onChange={(value) => setFilter('sourceType', value)}
          options={labelOptions(chargeTypeLabels)}
          placeholder="Source"
          label="Filter by source"
        />
      )}
      columns={[
        createdAtColumn('Date', orderFromAdminTable),
        { title: 'Creator', key: 'performer', render: (_: unknown, row) => row.performer.name },
        { title: 'Fan', key: 'user', render: (_: unknown, row) => row.user.name },
        { title: 'Source', key: 'source', render: (_: unknown, row) => <EarningSource earning={row} /> },
        { ...amountColumn<Earning>('Gross', 'gross'), sorter: true },
        amountColumn<Earning>('Commission', 'commission'),
        amountColumn<Earning>('Net', 'net'),
      ]}
    />
  );
}

/** Payout requests: approve, reject (the hold returns) or mark paid. */
export function PayoutsAdminPage() {
  const money = useFormatMoney();
  const columns = payoutColumns(orderFromAdminTable);
  const [review] = useAdminReviewPayoutRequestMutation();
  const decide = (row: PayoutRequest, status: 'approved' | 'rejected' | 'paid') =>
    review({ id: row._id, body: { status } })
      .unwrap()
      .then(() => toast.success(`Payout ${status}`))
      .catch((error: unknown) => toast.error(errorMessage(error)));
  return (
    <AdminTable<PayoutRequest>
      title="Payouts"
      filterNames={['status']}
      useList={useAdminPayouts}
      exportPath="/admin/payout-requests"
      empty="No payout requests"
      phoneColumns={['performer', 'amount', 'status', 'actions']}
      filters={(state, setFilter) => (
        <SelectFilter
          value={state.filters.status}
          onChange={(value) => setFilter('status', value)}
          options={labelOptions(payoutStatusLabels)}
          placeholder="Status"
          label="Filter by status"
        />
      )}
      columns={[
        columns.requested,
        { title: 'Creator', key: 'performer', render: (_: unknown, row) => row.performer.name },
        columns.amount,
        { title: 'To pay', key: 'currency', render: (_: unknown, row) => money(row.amount * row.tokenConversionRate) },
        columns.destination,
        { title: 'Note', dataIndex: 'requestNote', ellipsis: true },
        columns.status,
        {
          title: 'Actions',
          key: 'actions',
          render: (_: unknown, row) =>
            row.status === 'pending' || row.status === 'approved' ? (
              <Flex gap={4} wrap>
                {row.status === 'pending' && (
                  <Button size="small" onClick={() => decide(row, 'approved')}>
                    Approve
                  </Button>
                )}
                <Popconfirm title="Mark as paid? The money has left the platform." onConfirm={() => decide(row, 'paid')}>
                  <Button size="small" type="primary">
                    Mark paid
                  </Button>
                </Popconfirm>
                <Popconfirm title="Reject? The tokens go back to the creator." onConfirm={() => decide(row, 'rejected')}>
                  <Button size="small" danger>
                    Reject
                  </Button>
                </Popconfirm>
              </Flex>
            ) : null,
        },
      ]}
    />
  );
}

type CouponForm = Omit<Required<SaveCouponInput>, 'expiredAt' | 'discountRate'> & { expiredAt: dayjs.Dayjs | null; percentOff: number };

/** Coupons: a fraction off a top-up, one use per fan. */
export function CouponsAdminPage() {
  const [create] = useAdminCreateCouponMutation();
  const [update] = useAdminUpdateCouponMutation();
  const [remove] = useAdminDeleteCouponMutation();
  return (
    <AdminTable<Coupon, CouponForm>
      title="Coupons"
      filterNames={['q']}
      defaultSortBy="updatedAt"
      phoneColumns={['code', 'isActive']}
      filters={(state, setFilter) => (
        <SearchFilter
          value={state.filters.q}
          onSearch={(value) => setFilter('q', value)}
          placeholder="Search by code"
          label="Search coupons"
        />
      )}
      useList={useAdminCoupons}
      columns={[
        { title: 'Code', dataIndex: 'code', sorter: true },
        { title: 'Name', dataIndex: 'name' },
        { title: 'Off', dataIndex: 'discountRate', render: (rate: number) => `${Math.round(rate * 100)} %` },
        { title: 'Uses left', dataIndex: 'remainingUses', render: (uses: number | null) => uses ?? 'unlimited' },
        { title: 'Expires', dataIndex: 'expiredAt', render: (value: string | null) => (value ? formatMoment(value) : 'never') },
        {
          title: 'Active',
          dataIndex: 'isActive',
          render: (active: boolean) => <Tag color={active ? 'success' : 'default'}>{active ? 'yes' : 'no'}</Tag>,
        },
      ]}
      editor={{
        singular: 'coupon',
        toForm: (row) => ({
          name: row?.name ?? '',
          code: row?.code ?? '',
          percentOff: row ? Math.round(row.discountRate * 100) : 10,
          expiredAt: row?.expiredAt ? dayjs(row.expiredAt) : null,
          remainingUses: row?.remainingUses ?? null,
          isActive: row?.isActive ?? true,
        }),
        fields: () => (
          <>
            <Form.Item name="code" label="Code" rules={[{ required: true, message: 'Code is required' }]}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item name="name" label="Name">
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="percentOff" label="Percent off" rules={amountRules({ what: 'A discount', min: 1, max: 99, unit: '%' })}>
              <AmountInput precision={0} />
            </Form.Item>
            <Form.Item
              name="remainingUses"
              label="Uses (empty: unlimited)"
              rules={amountRules({ what: 'Uses', min: 0, unit: 'uses', optional: true })}
            >
              <AmountInput precision={0} />
            </Form.Item>
            <Form.Item name="expiredAt" label="Expires">
              <DatePicker showTime />
            </Form.Item>
            <Form.Item name="isActive" label="Active" valuePropName="checked">
              <Switch />
            </Form.Item>
          </>
        ),
        save: (id, { percentOff, expiredAt, ...rest }) => {
          const body = { ...rest, discountRate: percentOff / 100, expiredAt: expiredAt ? expiredAt.toISOString() : null };
          return (id ? update({ id, body }) : create({ body })).unwrap();
        },
        remove: (id) => remove({ id }).unwrap(),
      }}
    />
  );
}
