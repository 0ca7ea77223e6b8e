import type { PayoutMethod, PayoutRequest } from '@limelight/contracts';
import { Alert, Button, Card, Col, Form, Input, Radio, Row, Statistic, Table, Tag } from 'antd';
import type { SortOrder as AntSortOrder } from 'antd/es/table/interface';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { ListCreatorPayoutRequestsApiArg } from '../../shared/api/generated/payouts';
import { listArg, useTableState } from '../../shared/hooks/useTableState';
import { applyFieldErrors } from '../../shared/lib/form-errors';
import { formatTokens } from '../../shared/lib/money';
import { labelOptions, payoutStatusLabels } from '../../shared/lib/money-labels';
import { errorMessage, toast } from '../../shared/lib/toast';
import { AmountInput, amountRules } from '../../shared/ui/AmountInput';
import { PageTitle } from '../../shared/ui/PageTitle';
import { createdAtColumn } from '../../shared/ui/TableCells';
import { SelectFilter } from '../../shared/ui/TableFilters';
import { StepUpPrompt, stripeStatusLabels, useGetMyCreatorAccountQuery, useGetStripeConnectAccountQuery } from '../account';
import { useCalculatePayoutBalanceQuery, useCreatePayoutRequestMutation, useListCreatorPayoutRequestsQuery } from './api';

/** The columns the creator's and the admin's lists of payout requests share. */
export const payoutColumns = (sortOrder: (column: string) => AntSortOrder) => ({
  requested: createdAtColumn('Requested', sortOrder),
  amount: { title: 'Amount', dataIndex: 'amount', sorter: true, sortOrder: sortOrder('amount'), render: formatTokens },
  destination: {
    title: 'To',
    key: 'to',
    render: (_: unknown, row: PayoutRequest) =>
      row.paymentAccountType === 'stripe'
        ? `Stripe account ${row.paymentAccountInfo.stripeAccount}`
        : Object.values(row.paymentAccountInfo).join(', '),
  },
  status: {
    title: 'Status',
    dataIndex: 'status',
    render: (status: PayoutRequest['status']) => <Tag color={payoutStatusLabels[status].color}>{payoutStatusLabels[status].label}</Tag>,
  },
});
type PayoutForm = { amount: number; paymentAccountType: PayoutMethod; requestNote: string };

const fieldError = (error: unknown, field: string) =>
  (error as { data?: { details?: Array<{ field: string; message: string }> } })?.data?.details?.find((detail) => detail.field === field)
    ?.message;

/**
 * The ways this creator can be paid (decision 038), each greyed out until it is set up on the
 * banking page; Stripe only where the site takes payments through Stripe.
 */
function usePayoutMethods() {
  const { data: account } = useGetMyCreatorAccountQuery();
  const { data: stripe } = useGetStripeConnectAccountQuery();
  const stripeStatus = stripe ? stripeStatusLabels[stripe.status].label.toLowerCase() : '';
  return [
    { value: 'banking' as const, label: account?.banking ? 'Bank account' : 'Bank account (not set up)', disabled: !account?.banking },
    { value: 'paypal' as const, label: account?.paypalEmail ? 'PayPal' : 'PayPal (not set up)', disabled: !account?.paypalEmail },
    ...(stripe?.available
      ? [
          {
            value: 'stripe' as const,
            label: stripe.status === 'enabled' ? 'Stripe' : `Stripe (${stripeStatus})`,
            disabled: stripe.status !== 'enabled',
          },
        ]
      : []),
  ];
}

/** `/creator/payouts`: what may be requested now, the request form, and past requests (URL state). */
export default function PayoutsPage() {
  const { data: balance } = useCalculatePayoutBalanceQuery();
  const { state, query, setFilter, tableProps, sortOrder } = useTableState(['status'] as const, { sortBy: 'createdAt' });
  const columns = payoutColumns(sortOrder);
  const { data, isFetching } = useListCreatorPayoutRequestsQuery(listArg<ListCreatorPayoutRequestsApiArg>(query));
  const [requestPayout, { isLoading }] = useCreatePayoutRequestMutation();
  const [intent, setIntent] = useState(() => crypto.randomUUID());
  const [form] = Form.useForm<PayoutForm>();
  const pending = data?.data.some((row) => row.status === 'pending');
  const minimum = balance?.minimumPayoutAmount ?? 50;
  const canRequest = (balance?.available ?? 0) >= minimum && !pending;
  const methods = usePayoutMethods();
  const ready = methods.filter((method) => !method.disabled).map((method) => method.value);
  // Once what is set up is known, a way that is not is never the one chosen.
  useEffect(() => {
    if (ready.length && !ready.includes(form.getFieldValue('paymentAccountType'))) form.setFieldValue('paymentAccountType', ready[0]);
  }, [ready.join(), form]);

  const submit = async (values: PayoutForm) => {
    try {
      await requestPayout({ 'idempotency-key': intent, body: values }).unwrap();
      setIntent(crypto.randomUUID());
      form.resetFields();
      toast.success('Payout requested: an admin will review it');
    } catch (error) {
      applyFieldErrors(form, error);
      // The API says in a sentence why a way of being paid cannot be used yet: shown as it is.
      const method = fieldError(error, 'paymentAccountType');
      if (method) form.setFields([{ name: 'paymentAccountType', errors: [method] }]);
      toast.error(errorMessage(error));
    }
  };

  return (
    <div className="page-wide">
      <PageTitle>Payouts</PageTitle>
      <StepUpPrompt />
      <Row gutter={[16, 16]}>
        <Col xs={24} md={10}>
          <Card>
            <Row gutter={[8, 8]}>
              <Col span={12}>
                <Statistic title="Available" value={balance?.available ?? 0} precision={2} suffix="tokens" data-testid="payout-available" />
              </Col>
              <Col span={12}>
                <Statistic title="On hold" value={balance?.onHold ?? 0} precision={2} suffix="tokens" />
              </Col>
              <Col span={12}>
                <Statistic title="Earned, all time" value={balance?.totalEarned ?? 0} precision={2} suffix="tokens" />
              </Col>
              <Col span={12}>
                <Statistic title="Paid out" value={balance?.totalPaidOut ?? 0} precision={2} suffix="tokens" />
              </Col>
            </Row>
          </Card>
        </Col>
        <Col xs={24} md={14}>
          <Card title="Request a payout">
            {pending && (
              <Alert type="info" showIcon style={{ marginBottom: 12 }} title="Your request is waiting for review: one at a time." />
            )}
            <Form<PayoutForm>
              form={form}
              name="payout"
              layout="vertical"
              onFinish={submit}
              requiredMark={false}
              initialValues={{ paymentAccountType: methods.find((method) => !method.disabled)?.value ?? 'banking', requestNote: '' }}
              disabled={!canRequest}
            >
              <Form.Item
                name="amount"
                label="Tokens"
                extra={`At least ${minimum}; at most what is available.`}
                rules={amountRules({ what: 'A payout', min: minimum, max: balance?.available })}
              >
                <AmountInput style={{ width: 160 }} />
              </Form.Item>
              <Form.Item
                name="paymentAccountType"
                label="Pay to"
                extra={
                  <>
                    A way not set up yet is greyed out: set it up under{' '}
                    <Link to="/creator/banking" className="inline-link">
                      Banking
                    </Link>
                    .
                  </>
                }
              >
                <Radio.Group options={methods} />
              </Form.Item>
              <Form.Item name="requestNote" label="Note (optional)">
                <Input.TextArea rows={2} maxLength={1000} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={isLoading}>
                Request payout
              </Button>
            </Form>
          </Card>
        </Col>
      </Row>
      <Card style={{ marginTop: 16 }} title="Requests">
        <SelectFilter
          value={state.filters.status}
          onChange={(value) => setFilter('status', value)}
          options={labelOptions(payoutStatusLabels)}
          placeholder="Status"
          label="Filter by status"
        />
        <Table<PayoutRequest>
          rowKey="_id"
          loading={isFetching}
          dataSource={data?.data}
          scroll={{ x: 600 }}
          style={{ marginTop: 12 }}
          locale={{ emptyText: 'No payout requests yet.' }}
          {...tableProps<PayoutRequest>(data?.total)}
          columns={[
            columns.requested,
            columns.amount,
            columns.destination,
            columns.status,
            { title: 'Admin note', dataIndex: 'adminNote', ellipsis: true },
          ]}
        />
      </Card>
    </div>
  );
}
