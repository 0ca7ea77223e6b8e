import { UploadOutlined } from '@ant-design/icons';
import { genderOptions, type PerformerDocumentField, registerPerformerSchema } from '@limelight/contracts';
import { Button, DatePicker, Form, Input, Progress, Select, Typography, Upload } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { applyFieldErrors } from '../../shared/lib/form-errors';
import { loginUrl } from '../../shared/lib/navigation';
import { errorMessage, toast } from '../../shared/lib/toast';
import { uploadForm } from '../../shared/lib/upload';
import { zodRule } from '../../shared/lib/zod-rule';
import { RecaptchaField } from '../../shared/ui/RecaptchaField';
import { CountrySelect } from '../lookups';
import { AgreementFields } from './AgreementFields';
import type { Registered } from './api';
import { PasswordFields } from './RegisterPage';
import { SocialButtons } from './SocialButtons';
import { usePreparePassword } from './usePreparePassword';
import { useFinishRegistration, useRedirect } from './useSessionActions';

type CreatorForm = {
  name: string;
  username: string;
  email: string;
  password: string;
  confirm: string;
  gender: string;
  country?: string;
  dateOfBirth: Dayjs;
  idVerification: File[];
  documentVerification: File[];
  recaptchaToken?: string;
  ageConfirmed: boolean;
  termsAccepted: boolean;
};
const fields = registerPerformerSchema.shape;
const documents: Array<{ field: PerformerDocumentField; label: string; help: string }> = [
  {
    field: 'idVerification',
    label: 'Photo of your ID',
    help: 'A passport, ID card or driving licence (JPEG, PNG, WebP or PDF, up to 10 MB)',
  },
  { field: 'documentVerification', label: 'Selfie holding your ID', help: 'So we can match you to the document' },
];

export default function RegisterCreatorPage() {
  const redirect = useRedirect();
  const [form] = Form.useForm<CreatorForm>();
  const [progress, setProgress] = useState<number>();
  const finishRegistration = useFinishRegistration();
  const preparePassword = usePreparePassword();

  const submit = async (values: CreatorForm) => {
    const password = await preparePassword(values.password);
    const body = new FormData();
    body.append('name', values.name);
    body.append('username', values.username);
    body.append('email', values.email);
    body.append('password', password);
    body.append('gender', values.gender);
    body.append('dateOfBirth', values.dateOfBirth.format('YYYY-MM-DD'));
    if (values.country) body.append('country', values.country);
    if (values.recaptchaToken) body.append('recaptchaToken', values.recaptchaToken);
    if (redirect) body.append('redirect', redirect);
    body.append('ageConfirmed', String(values.ageConfirmed));
    body.append('termsAccepted', String(values.termsAccepted));
    for (const { field } of documents) body.append(field, values[field][0]!);
    try {
      setProgress(0);
      const registered = await uploadForm<Registered>('/auth/performers/register', body, setProgress);
      await finishRegistration(registered, { username: values.username, password }, redirect);
    } catch (error) {
      applyFieldErrors(form, error);
      form.setFieldValue('recaptchaToken', undefined);
      toast.error(errorMessage(error));
    } finally {
      setProgress(undefined);
    }
  };

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 28 }}>
        Become a creator
      </Typography.Title>
      <Form<CreatorForm> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="name" label="Display name" rules={[zodRule(fields.name, 'Display name')]}>
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item name="username" label="Username" extra="Your page will be at /username" rules={[zodRule(fields.username, 'Username')]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item name="email" label="E-mail" rules={[zodRule(fields.email, 'E-mail')]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <PasswordFields />
        <Form.Item name="gender" label="Gender" rules={[{ required: true, message: 'Choose a gender' }]}>
          <Select options={genderOptions} placeholder="Choose" />
        </Form.Item>
        <Form.Item name="dateOfBirth" label="Date of birth" rules={[{ required: true, message: 'Enter your date of birth' }]}>
          <DatePicker
            style={{ width: '100%' }}
            disabledDate={(date) => date.isAfter(dayjs().subtract(18, 'year'))}
            defaultPickerValue={dayjs().subtract(25, 'year')}
          />
        </Form.Item>
        <Form.Item name="country" label="Country">
          <CountrySelect />
        </Form.Item>
        {documents.map(({ field, label, help }) => (
          <Form.Item
            key={field}
            name={field}
            label={label}
            extra={help}
            valuePropName="fileList"
            getValueFromEvent={(event: { fileList: Array<{ originFileObj?: File }> }) =>
              event.fileList.slice(-1).map((file) => file.originFileObj ?? file)
            }
            rules={[{ required: true, message: `Add the ${label.toLowerCase()}` }]}
          >
            <Upload beforeUpload={() => false} maxCount={1} accept="image/jpeg,image/png,image/webp,application/pdf">
              <Button icon={<UploadOutlined aria-hidden />}>Choose file</Button>
            </Upload>
          </Form.Item>
        ))}
        <AgreementFields />
        <RecaptchaField />
        {progress !== undefined && <Progress percent={progress} aria-label="Upload progress" />}
        <Button type="primary" htmlType="submit" block loading={progress !== undefined}>
          Create creator account
        </Button>
      </Form>
      <SocialButtons accountRole="performer" />
      <Typography.Paragraph style={{ marginTop: 16, textAlign: 'center' }}>
        Already have an account?{' '}
        <Link to={loginUrl(redirect)} className="inline-link">
          Log in
        </Link>
      </Typography.Paragraph>
    </>
  );
}
