import { type TakedownInput, takedownRelationLabels, takedownRelations, takedownSchema } from '@limelight/contracts';
import { Button, Card, Checkbox, Form, Input, Radio, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { applyFieldErrors } from '../../shared/lib/form-errors';
import { errorMessage, toast } from '../../shared/lib/toast';
import { zodRule } from '../../shared/lib/zod-rule';
import { PageTitle } from '../../shared/ui/PageTitle';
import { RecaptchaField } from '../../shared/ui/RecaptchaField';
import { Result } from '../../shared/ui/Result';
import { useSendTakedownRequestMutation } from '../community';

const fields = takedownSchema.shape;
type Values = Omit<TakedownInput, 'urls'> & { urls: string };

/** `/takedown`: a depicted person or a rights holder asks for material to be taken down, without an account. */
export default function TakedownPage() {
  const [send, { isLoading }] = useSendTakedownRequestMutation();
  const [form] = Form.useForm<Values>();
  const [sent, setSent] = useState<{ caseNumber: string; message: string }>();

  const submit = async (values: Values) => {
    const urls = values.urls
      .split(/\s+/)
      .map((url) => url.trim())
      .filter(Boolean);
    try {
      setSent(await send({ body: { ...values, urls } }).unwrap());
    } catch (error) {
      applyFieldErrors(form, error);
      form.setFieldValue('recaptchaToken', undefined);
      toast.error(errorMessage(error));
    }
  };

  if (sent)
    return (
      <Result status="success" title={`Case ${sent.caseNumber}`} subTitle={sent.message} extra={<Link to="/">Back to the site</Link>} />
    );
  return (
    <Card className="page-narrow">
      <PageTitle>Report content without an account</PageTitle>
      <Typography.Paragraph type="secondary">
        If you appear in material on this site without your consent, or it uses work you own, tell us here. We answer every request within 7
        days and e-mail you a case number.
      </Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark={false} initialValues={{ relation: 'depicted' }}>
        <Form.Item name="name" label="Your name" rules={[zodRule(fields.name, 'Your name')]}>
          <Input autoComplete="name" maxLength={200} />
        </Form.Item>
        <Form.Item name="email" label="E-mail" rules={[zodRule(fields.email, 'E-mail')]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item name="relation" label="You are">
          <Radio.Group options={takedownRelations.map((value) => ({ value, label: takedownRelationLabels[value] }))} />
        </Form.Item>
        <Form.Item
          name="urls"
          label="Links to the material (one per line)"
          rules={[{ required: true, whitespace: true, message: 'Links to the material: name at least one link' }]}
        >
          <Input.TextArea rows={3} placeholder="https://…" />
        </Form.Item>
        <Form.Item
          name="description"
          label="Description of the problem"
          rules={[zodRule(fields.description, 'Description of the problem')]}
        >
          <Input.TextArea rows={5} maxLength={5000} showCount />
        </Form.Item>
        <Form.Item
          name="sworn"
          valuePropName="checked"
          rules={[{ validator: (_rule, value) => (value ? Promise.resolve() : Promise.reject(new Error('Please confirm the statement'))) }]}
        >
          <Checkbox>
            I state, under penalty of perjury, that the information in this request is accurate and that I am the person depicted, the
            rights holder, or authorised to act for them.
          </Checkbox>
        </Form.Item>
        <RecaptchaField />
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Send request
        </Button>
      </Form>
    </Card>
  );
}
