import { type EmailPreview, type EmailTemplate, emailCategoryLabels } from '@limelight/contracts';
import { Alert, Button, Card, Col, Flex, Form, Input, Popconfirm, Row, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { errorMessage, toast } from '../../shared/lib/toast';
import { PageTitle } from '../../shared/ui/PageTitle';
import {
  useAdminGetEmailTemplateQuery,
  useAdminListEmailTemplatesQuery,
  useAdminPreviewEmailTemplateMutation,
  useAdminResetEmailTemplateMutation,
  useAdminSendTestEmailMutation,
  useAdminUpdateEmailTemplateMutation,
} from './email-templates-api';

const kindTag = (template: EmailTemplate) =>
  template.essential ? (
    <Tag color="blue">Essential</Tag>
  ) : (
    <Tag>{template.category ? emailCategoryLabels[template.category] : 'Optional'}</Tag>
  );

/** `/admin/email-templates`: every e-mail the site sends, searchable (the search and filter live in the URL). */
export function EmailTemplatesPage() {
  const { data, isLoading, isError, refetch } = useAdminListEmailTemplatesQuery();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const state = params.get('state') ?? '';
  const setFilter = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  const shown = (data ?? []).filter(
    (template) =>
      (!q || `${template.key} ${template.description}`.toLowerCase().includes(q.toLowerCase())) &&
      (!state || (state === 'edited') === template.edited),
  );
  return (
    <Card>
      <PageTitle style={{ fontSize: 24, marginTop: 0 }}>E-mail templates</PageTitle>
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          defaultValue={q}
          placeholder="Search e-mails"
          aria-label="Search e-mails"
          onSearch={(value) => setFilter('q', value.trim())}
          style={{ maxWidth: 280 }}
        />
        <Select
          aria-label="Edited or default"
          value={state}
          onChange={(value) => setFilter('state', value)}
          style={{ width: 160 }}
          options={[
            { value: '', label: 'All e-mails' },
            { value: 'edited', label: 'Edited' },
            { value: 'default', label: 'Default text' },
          ]}
        />
      </Flex>
      {isError ? (
        <Alert
          type="error"
          showIcon
          message="The templates could not be loaded"
          action={<Button onClick={() => void refetch()}>Try again</Button>}
        />
      ) : (
        <Table<EmailTemplate>
          rowKey="key"
          size="small"
          loading={isLoading}
          dataSource={shown}
          pagination={false}
          scroll={{ x: 640 }}
          columns={[
            {
              title: 'E-mail',
              key: 'key',
              render: (_, template) => (
                <Space direction="vertical" size={0}>
                  <Link to={`/admin/email-templates/${encodeURIComponent(template.key)}`}>{template.description || template.key}</Link>
                  <Typography.Text type="secondary" code>
                    {template.key}
                  </Typography.Text>
                </Space>
              ),
            },
            { title: 'Kind', key: 'kind', render: (_, template) => kindTag(template) },
            {
              title: 'Text',
              key: 'edited',
              render: (_, template) => (template.edited ? <Tag color="gold">Edited</Tag> : <Tag>Default</Tag>),
            },
          ]}
        />
      )}
    </Card>
  );
}

type Draft = { subject: string; body: string };

/** `/admin/email-templates/{key}`: subject and body with the variables listed, a live preview with the sample values. */
export function EmailTemplateEditorPage() {
  const key = useParams().key ?? '';
  const navigate = useNavigate();
  const { data: template, isLoading, isError } = useAdminGetEmailTemplateQuery({ key });
  const [form] = Form.useForm<Draft>();
  const draft = Form.useWatch([], form) as Draft | undefined;
  const [preview, setPreview] = useState<EmailPreview | undefined>();
  const [previewError, setPreviewError] = useState<string | undefined>();
  const [render] = useAdminPreviewEmailTemplateMutation();
  const [save, saving] = useAdminUpdateEmailTemplateMutation();
  const [reset, resetting] = useAdminResetEmailTemplateMutation();
  const [sendTest, testing] = useAdminSendTestEmailMutation();

  // The form is filled from the stored text once per template: the refetch that follows a Save
  // must not overwrite what the admin has typed since.
  const filledFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!template || filledFor.current === key) return;
    form.setFieldsValue({ subject: template.subject, body: template.body });
    filledFor.current = key;
  }, [template, key, form]);

  // The preview follows the draft, a moment after typing stops.
  useEffect(() => {
    if (!draft?.subject || !draft.body) return;
    const timer = setTimeout(() => {
      render({ key, body: draft })
        .unwrap()
        .then((answer) => {
          setPreview(answer);
          setPreviewError(undefined);
        })
        .catch((error: unknown) => setPreviewError(errorMessage(error)));
    }, 300);
    return () => clearTimeout(timer);
  }, [draft?.subject, draft?.body, key, render, draft]);

  if (isLoading) return <Skeleton active />;
  if (isError || !template) {
    return (
      <Alert
        type="error"
        showIcon
        message="This e-mail template was not found"
        action={<Link to="/admin/email-templates">All templates</Link>}
      />
    );
  }
  const run = (promise: Promise<unknown>, done: string) =>
    promise.then(() => toast.success(done)).catch((error: unknown) => toast.error(errorMessage(error)));
  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <div>
            <PageTitle style={{ fontSize: 24, margin: 0 }}>{template.key}</PageTitle>
            <Typography.Text type="secondary">{template.description}</Typography.Text>
          </div>
          <Space wrap>
            {kindTag(template)}
            {template.edited ? <Tag color="gold">Edited</Tag> : <Tag>Default</Tag>}
          </Space>
        </Flex>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title="Text" size="small">
            <Form<Draft>
              form={form}
              layout="vertical"
              onFinish={(values) => void run(save({ key, body: values }).unwrap(), 'Template saved')}
            >
              <Form.Item name="subject" label="Subject" rules={[{ required: true, whitespace: true, message: 'Subject is required' }]}>
                <Input maxLength={300} />
              </Form.Item>
              <Form.Item name="body" label="Body" rules={[{ required: true, whitespace: true, message: 'Body is required' }]}>
                <Input.TextArea autoSize={{ minRows: 8, maxRows: 20 }} maxLength={20000} />
              </Form.Item>
              <Space wrap>
                <Button type="primary" htmlType="submit" loading={saving.isLoading}>
                  Save
                </Button>
                <Button
                  loading={testing.isLoading}
                  onClick={() =>
                    draft &&
                    void sendTest({ key, body: draft })
                      .unwrap()
                      .then((answer) => toast.success(answer.message))
                      .catch((error: unknown) => toast.error(errorMessage(error)))
                  }
                >
                  Send a test to me
                </Button>
                <Popconfirm
                  title="Reset to the default text?"
                  okText="Reset"
                  onConfirm={() =>
                    run(
                      reset({ key })
                        .unwrap()
                        .then((answer) => form.setFieldsValue({ subject: answer.subject, body: answer.body })),
                      'Back to the default text',
                    )
                  }
                  disabled={!template.edited}
                >
                  <Button danger disabled={!template.edited} loading={resetting.isLoading}>
                    Reset to default
                  </Button>
                </Popconfirm>
                <Button type="link" onClick={() => void navigate('/admin/email-templates')}>
                  All templates
                </Button>
              </Space>
            </Form>
          </Card>
          <Card title="Variables" size="small" style={{ marginTop: 16 }}>
            <Typography.Paragraph type="secondary">
              Write a variable as <Typography.Text code>{'{{name}}'}</Typography.Text>. The settings link
              {template.essential ? '' : ' and the unsubscribe link'} are added at the end of every e-mail.
            </Typography.Paragraph>
            <Table
              rowKey="name"
              size="small"
              pagination={false}
              dataSource={template.variables}
              columns={[
                { title: 'Variable', dataIndex: 'name', render: (name: string) => <Typography.Text code>{`{{${name}}}`}</Typography.Text> },
                { title: 'What it is', dataIndex: 'description' },
                { title: 'Sample', dataIndex: 'sample', responsive: ['md'] },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="Preview with the sample values" size="small">
            {previewError ? <Alert type="warning" showIcon message={previewError} style={{ marginBottom: 12 }} /> : null}
            {preview ? (
              <Flex vertical gap={8}>
                <Typography.Text strong data-testid="preview-subject">
                  {preview.subject}
                </Typography.Text>
                <Typography.Paragraph data-testid="preview-body" style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                  {preview.text}
                </Typography.Paragraph>
              </Flex>
            ) : (
              <Skeleton active />
            )}
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
