import { type Banking, bankingSchema, Messages } from '@limelight/contracts';
import { Button, Card, Col, Form, Input, Row, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { applyFieldErrors } from '../../shared/lib/form-errors';
import { errorMessage, toast } from '../../shared/lib/toast';
import { zodRule } from '../../shared/lib/zod-rule';
import { PageTitle } from '../../shared/ui/PageTitle';
import { usePreparePassword } from '../auth';
import { CountrySelect } from '../lookups';
import { CurrentPasswordField } from './CurrentPasswordField';
import {
  useGetMyCreatorAccountQuery,
  useUpdateCreatorBankingSettingsMutation,
  useUpdateCreatorPaymentGatewaySettingsMutation,
} from './creator-api';
import { StepUpPrompt } from './StepUpPrompt';
import { StripeConnectCard } from './StripeConnectCard';

const fields = bankingSchema.shape;
const text: Array<[name: keyof Banking, label: string, required?: boolean]> = [
  ['firstName', 'First name', true],
  ['lastName', 'Last name', true],
  ['bankName', 'Bank name', true],
  ['bankAccount', 'Account number or IBAN', true],
  ['bankRouting', 'Routing number'],
  ['bankSwiftCode', 'SWIFT / BIC'],
  ['address', 'Address'],
  ['city', 'City'],
  ['state', 'State or region'],
];

type BankForm = Banking & { currentPassword: string };
const PASSWORD_WHY = 'Needed to change where your payouts go.';

/**
 * `/creator/banking`: the ways this creator can be paid (bank transfer, PayPal, Stripe Connect);
 * each payout request picks one (decision 038). Only this creator (and admins) ever see it.
 */
export default function BankingPage() {
  const { data: account, isLoading } = useGetMyCreatorAccountQuery();
  const [bankForm] = Form.useForm<BankForm>();
  const [paypalForm] = Form.useForm<{ email: string; currentPassword: string }>();
  const preparePassword = usePreparePassword();
  const [saveBanking, savingBanking] = useUpdateCreatorBankingSettingsMutation();
  const [savePaypal, savingPaypal] = useUpdateCreatorPaymentGatewaySettingsMutation();
  if (isLoading || !account) return <Skeleton active paragraph={{ rows: 8 }} />;

  const submitBanking = async ({ currentPassword, ...values }: BankForm) => {
    const banking = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value === '' ? null : value])) as Banking;
    try {
      await saveBanking({ body: { ...banking, currentPassword: await preparePassword(currentPassword) } }).unwrap();
      bankForm.setFieldValue('currentPassword', undefined);
      toast.success(Messages.changesSaved);
    } catch (error) {
      applyFieldErrors(bankForm, error);
      toast.error(errorMessage(error, Messages.genericError));
    }
  };
  const submitPaypal = async ({ email, currentPassword }: { email: string; currentPassword: string }) => {
    try {
      await savePaypal({ body: { key: 'paypal', value: { email }, currentPassword: await preparePassword(currentPassword) } }).unwrap();
      paypalForm.setFieldValue('currentPassword', undefined);
      toast.success(Messages.changesSaved);
    } catch (error) {
      applyFieldErrors(paypalForm, error);
      toast.error(errorMessage(error, Messages.genericError));
    }
  };

  return (
    <div className="page-narrow">
      <PageTitle>Banking</PageTitle>
      <Typography.Paragraph type="secondary">
        Set up one or more ways to be paid; you choose one each time you{' '}
        <Link to="/creator/payouts" className="inline-link">
          request a payout
        </Link>
        .
      </Typography.Paragraph>
      <StepUpPrompt />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card title="Bank account">
            <Form<BankForm>
              form={bankForm}
              // Named, so each form's fields get ids of their own (both ask for the current password).
              name="bank"
              layout="vertical"
              requiredMark={false}
              initialValues={account.banking ?? undefined}
              onFinish={submitBanking}
            >
              <Row gutter={16}>
                {text.map(([name, label, required]) => (
                  <Col key={name} xs={24} md={12}>
                    <Form.Item name={name} label={label} rules={required ? [zodRule(fields[name], label)] : undefined}>
                      <Input />
                    </Form.Item>
                  </Col>
                ))}
                <Col xs={24} md={12}>
                  <Form.Item name="country" label="Country" rules={[{ required: true, message: 'Choose the bank country' }]}>
                    <CountrySelect allowClear={false} />
                  </Form.Item>
                </Col>
              </Row>
              <CurrentPasswordField extra={PASSWORD_WHY} />
              <Button type="primary" htmlType="submit" loading={savingBanking.isLoading}>
                Save bank account
              </Button>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title="PayPal">
            <Form
              form={paypalForm}
              name="paypal"
              layout="vertical"
              requiredMark={false}
              initialValues={{ email: account.paypalEmail ?? '' }}
              onFinish={submitPaypal}
            >
              <Form.Item
                name="email"
                label="PayPal e-mail"
                rules={[{ required: true, type: 'email', message: 'Enter your PayPal e-mail address' }]}
              >
                <Input type="email" />
              </Form.Item>
              <CurrentPasswordField extra={PASSWORD_WHY} />
              <Button type="primary" htmlType="submit" loading={savingPaypal.isLoading}>
                Save PayPal
              </Button>
            </Form>
          </Card>
          <div style={{ marginTop: 16 }}>
            <StripeConnectCard />
          </div>
        </Col>
      </Row>
    </div>
  );
}
