import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type AdminSetting, Messages, settingGroups } from '@limelight/contracts';
import { Button, Card, Flex, Form, Input, InputNumber, Select, Skeleton, Switch } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage, toast } from '../../shared/lib/toast';
import { PageTitle } from '../../shared/ui/PageTitle';
import { ResponsiveTabs } from '../../shared/ui/ResponsiveTabs';
import { useAdminListSettingsQuery, useAdminUpdateSettingMutation } from './api';

/** Said under every setting the site sends to the browser: anyone can read it, so no secrets. */
const publicNote = 'Public: shown to every visitor';

const groupLabels: Record<string, string> = {
  general: 'General',
  auth: 'Sign-in',
  payment: 'Payments',
  subscription: 'Subscriptions',
  wallet: 'Wallet and tips',
  payout: 'Payouts',
  streaming: 'Live streaming',
  player: 'Player',
  analytics: 'Analytics',
};

/**
 * The input for one setting, by its type. Form.Item hands its value, onChange and id to this
 * component, which passes them on to the real input. Secrets are write-only: blank keeps the
 * stored value.
 */
function SettingInput({ setting, ...control }: { setting: AdminSetting } & Record<string, unknown>) {
  if (setting.secret)
    return (
      <Input.Password {...control} autoComplete="new-password" placeholder={setting.hasValue ? 'Stored: type to replace' : 'Not set'} />
    );
  switch (setting.type) {
    case 'boolean':
      return <Switch {...control} />;
    case 'number':
      return (
        // No min or max here: antd would silently change an out-of-range value; the API refuses it naming the limit.
        <InputNumber {...control} step={setting.max !== undefined && setting.max <= 1 ? 0.01 : 1} style={{ width: 200 }} />
      );
    case 'enum':
      return (
        <Select
          {...control}
          // As wide as its longest option in words, never wider than a phone's screen.
          style={{ width: 'min(100%, 440px)' }}
          options={setting.options?.map((option) => ({ value: option, label: setting.optionLabels?.[option] ?? option }))}
        />
      );
    case 'text':
      return <Input.TextArea {...control} rows={4} />;
    case 'countries':
      return (
        <Select
          {...control}
          mode="tags"
          tokenSeparators={[',', ' ']}
          placeholder="Two-letter codes, e.g. US, GB"
          onChange={(codes: string[]) => (control.onChange as (value: string[]) => void)?.(codes.map((code) => code.trim().toUpperCase()))}
        />
      );
    default:
      return <Input {...control} />;
  }
}

function MenusInput({ name }: { name: string }) {
  return (
    <Form.List name={name}>
      {(items, { add, remove }) => (
        <Flex vertical gap={8}>
          {items.map(({ key, name: index }) => (
            <Flex key={key} gap={8} wrap align="center">
              <Form.Item name={[index, 'title']} noStyle rules={[{ required: true, message: 'Title is required' }]}>
                <Input placeholder="Title" style={{ width: 160 }} aria-label="Menu title" />
              </Form.Item>
              <Form.Item name={[index, 'path']} noStyle rules={[{ required: true, message: 'Path is required' }]}>
                <Input placeholder="/page/about or https://…" style={{ width: 220 }} aria-label="Menu path" />
              </Form.Item>
              <Form.Item name={[index, 'section']} noStyle initialValue="footer">
                <Select style={{ width: 110 }} options={[{ value: 'header' }, { value: 'footer' }]} aria-label="Menu section" />
              </Form.Item>
              <Form.Item name={[index, 'isNewTab']} noStyle valuePropName="checked" initialValue={false}>
                <Switch checkedChildren="new tab" unCheckedChildren="same tab" />
              </Form.Item>
              <Form.Item name={[index, 'ordering']} noStyle initialValue={0}>
                <InputNumber style={{ width: 70 }} aria-label="Order" />
              </Form.Item>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label="Remove menu item"
                onClick={() => remove(index)}
              />
            </Flex>
          ))}
          <Button icon={<PlusOutlined aria-hidden />} onClick={() => add()} style={{ alignSelf: 'flex-start' }}>
            Add menu item
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}

function GroupForm({ settings }: { settings: AdminSetting[] }) {
  const [form] = Form.useForm();
  const [update, { isLoading }] = useAdminUpdateSettingMutation();
  const initialValues = useMemo(
    () => Object.fromEntries(settings.map((setting) => [setting.key, setting.secret ? '' : setting.value])),
    [settings],
  );

  const save = async (values: Record<string, unknown>) => {
    const changed = settings.filter((setting) =>
      setting.secret
        ? values[setting.key] !== '' && values[setting.key] !== undefined
        : JSON.stringify(values[setting.key]) !== JSON.stringify(setting.value),
    );
    if (!changed.length) return toast.info('Nothing to save');
    for (const setting of changed) {
      try {
        await update({ key: setting.key, body: { value: values[setting.key] } }).unwrap();
      } catch (error) {
        form.setFields([{ name: setting.key, errors: [errorMessage(error)] }]);
        return toast.error(errorMessage(error));
      }
    }
    form.setFieldsValue(Object.fromEntries(changed.filter((setting) => setting.secret).map((setting) => [setting.key, ''])));
    toast.success(Messages.changesSaved);
  };

  return (
    <Form form={form} layout="vertical" initialValues={initialValues} onFinish={save}>
      {settings.map((setting) =>
        setting.type === 'menus' ? (
          <Form.Item key={setting.key} label={setting.label} extra={publicNote} data-testid={`setting-${setting.key}`}>
            <MenusInput name={setting.key} />
          </Form.Item>
        ) : (
          <Form.Item
            key={setting.key}
            name={setting.key}
            label={setting.label}
            extra={[setting.description, setting.public ? publicNote : undefined].filter(Boolean).join(' · ') || undefined}
            valuePropName={setting.type === 'boolean' && !setting.secret ? 'checked' : 'value'}
            data-testid={`setting-${setting.key}`}
          >
            <SettingInput setting={setting} />
          </Form.Item>
        ),
      )}
      <Button type="primary" htmlType="submit" loading={isLoading}>
        Save
      </Button>
    </Form>
  );
}

/** The groups as tabs (a select on a phone), the chosen one in the URL. */
export function SettingsPage() {
  const { data, isLoading } = useAdminListSettingsQuery();
  const [params, setParams] = useSearchParams();
  if (isLoading || !data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const groups = settingGroups.filter((group) => data.some((setting) => setting.group === group));
  const active = params.get('group') ?? groups[0];
  const form = (group: string) => <GroupForm settings={data.filter((setting) => setting.group === group)} />;
  return (
    <Card>
      <PageTitle>Settings</PageTitle>
      <ResponsiveTabs
        selectLabel="Group"
        activeKey={active}
        onChange={(group) => setParams({ group })}
        items={groups.map((group) => ({ key: group, label: groupLabels[group] ?? group, children: form(group) }))}
      />
    </Card>
  );
}
