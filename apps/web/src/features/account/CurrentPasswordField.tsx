import { Form, Input } from 'antd';

/**
 * The current password, which sensitive changes carry (spec 5): the password itself, the sign-in
 * e-mail and where payouts go. A stolen session alone cannot make them.
 */
export function CurrentPasswordField({ extra }: { extra?: string }) {
  return (
    <Form.Item
      name="currentPassword"
      label="Current password"
      extra={extra}
      rules={[{ required: true, message: 'Enter your current password' }]}
    >
      <Input.Password autoComplete="current-password" />
    </Form.Item>
  );
}
