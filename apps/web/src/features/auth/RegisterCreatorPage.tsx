import { UploadOutlined } from '@ant-design/icons';
import { genderOptions, type PerformerDocumentField } from '@limelight/contracts';
import { Button, DatePicker, Form, Select, Upload } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { uploadForm } from '../../shared/lib/upload';
import { CountrySelect } from '../lookups';
import type { Registered } from './api';
import { SignUpForm, type SignUpValues } from './SignUpForm';

type CreatorForm = SignUpValues & {
  gender: string;
  country?: string;
  dateOfBirth: Dayjs;
  idVerification: File[];
  documentVerification: File[];
};
const documents: Array<{ field: PerformerDocumentField; label: string; help: string }> = [
  {
    field: 'idVerification',
    label: 'Photo of your ID',
    help: 'A passport, ID card or driving licence (JPEG, PNG, WebP or PDF, up to 10 MB)',
  },
  { field: 'documentVerification', label: 'Selfie holding your ID', help: 'So we can match you to the document' },
];

/** Creator sign-up: the account, who they are, and the documents an admin checks before their page opens. */
export default function RegisterCreatorPage() {
  const [progress, setProgress] = useState<number>();
  const register = async (values: CreatorForm, password: string, redirect?: string) => {
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
      return await uploadForm<Registered>('/auth/performers/register', body, setProgress);
    } finally {
      setProgress(undefined);
    }
  };

  return (
    <SignUpForm<CreatorForm>
      accountRole="performer"
      busy={progress !== undefined}
      progress={progress}
      register={register}
      roleFields={
        <>
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
        </>
      }
    />
  );
}
