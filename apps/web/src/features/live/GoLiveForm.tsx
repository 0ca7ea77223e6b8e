import type { GoLiveInput } from '@limelight/contracts';
import { Button, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { usePublicSettingsQuery } from '../../shared/api/settings';
import { AmountInput, amountProblem } from '../../shared/ui/AmountInput';

/** What a session starts with: its title and description, and who may watch (subscribers, or a price). */
export function GoLiveForm({
  defaults,
  busy,
  disabled,
  onGoLive,
}: {
  defaults: { title: string; description: string };
  busy: boolean;
  disabled?: boolean;
  onGoLive: (input: GoLiveInput) => void;
}) {
  const { data: site } = usePublicSettingsQuery();
  const [title, setTitle] = useState(defaults.title);
  const [description, setDescription] = useState(defaults.description);
  const [access, setAccess] = useState<'subscribers' | 'paid'>('subscribers');
  const [price, setPrice] = useState<number | null>(null);
  const min = site?.minimumStreamPrice ?? 1;
  const max = site?.maximumStreamPrice ?? 1000;
  const refused = access === 'paid' ? amountProblem(price, { what: 'A session price', min, max }) : undefined;
  return (
    <Form
      layout="vertical"
      name="go-live"
      onFinish={() => onGoLive({ title, description, access, ...(access === 'paid' && price !== null ? { price } : {}) })}
    >
      <Form.Item label="Title" htmlFor="go-live-title">
        <Input
          id="go-live-title"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          maxLength={200}
          placeholder="What is this show about?"
        />
      </Form.Item>
      <Form.Item label="Description" htmlFor="go-live-description">
        <Input.TextArea
          id="go-live-description"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          maxLength={2000}
          rows={2}
        />
      </Form.Item>
      <Form.Item label="Who may watch">
        <Radio.Group
          value={access}
          onChange={(event) => setAccess(event.target.value)}
          options={[
            { value: 'subscribers', label: 'My subscribers' },
            { value: 'paid', label: 'Anyone who pays' },
          ]}
        />
      </Form.Item>
      {access === 'paid' && (
        <Form.Item
          label="Price (tokens)"
          extra={`From ${min} to ${max} tokens`}
          validateStatus={refused ? 'error' : undefined}
          help={refused}
        >
          <AmountInput value={price} onChange={setPrice} aria-label="Session price" style={{ width: 160 }} />
        </Form.Item>
      )}
      <Button type="primary" size="large" htmlType="submit" loading={busy} disabled={!!refused || disabled} danger>
        Go live
      </Button>
    </Form>
  );
}
