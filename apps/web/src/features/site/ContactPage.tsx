import { type ContactInput, contactSchema } from '@limelight/contracts';
import { Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { applyFieldErrors } from '../../shared/lib/form-errors';
import { useAppSelector } from '../../shared/lib/store';
import { errorMessage, toast } from '../../shared/lib/toast';
import { zodRule } from '../../shared/lib/zod-rule';
import { PageTitle } from '../../shared/ui/PageTitle';
import { RecaptchaField } from '../../shared/ui/RecaptchaField';
import { Result } from '../../shared/ui/Result';
import { useSendContactMessageMutation } from './contact-api';

const fields = contactSchema.shape;

/** `/contact`: a message to the site's team, by e-mail. */
export default function ContactPage() {
  const user = useAppSelector((state) => state.session.user);
  const [send, { isLoading }] = useSendContactMessageMutation();
  const [form] = Form.useForm<ContactInput>();
  const [sent, setSent] = useState<string>();

  const submit = async (values: ContactInput) => {
    try {
      setSent((await send({ body: values }).unwrap()).message);
    } catch (error) {
      applyFieldErrors(form, error);
      form.setFieldValue('recaptchaToken', undefined);
      toast.error(errorMessage(error));
    }
  };

  if (sent) return <Result status="success" title="Message sent" subTitle={sent} extra={<Link to="/">Back to the site</Link>} />;
  return (
    <Card className="page-narrow">
      <PageTitle>Contact us</PageTitle>
      <Form<ContactInput>
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        initialValues={{ name: user?.name ?? '', email: user?.email ?? '' }}
      >
        <Form.Item name="name" label="Your name" rules={[zodRule(fields.name, 'Your name')]}>
          <Input autoComplete="name" maxLength={100} />
        </Form.Item>
        <Form.Item name="email" label="E-mail" rules={[zodRule(fields.email, 'E-mail')]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item name="subject" label="Subject">
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="message" label="Message" rules={[zodRule(fields.message, 'Message')]}>
          <Input.TextArea rows={6} maxLength={5000} showCount />
        </Form.Item>
        <RecaptchaField />
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Send
        </Button>
      </Form>
    </Card>
  );
}
