import { Checkbox, Form } from 'antd';
import { LegalLink } from '../site';

const mustTick = (message: string) => ({
  validator: (_rule: unknown, value: unknown) => (value === true ? Promise.resolve() : Promise.reject(new Error(message))),
});

/**
 * The two boxes every sign-up ticks (decision 050): being 18 or older, and the Terms and the
 * Privacy policy (opened in a new tab, so the form keeps what was typed).
 */
export function AgreementFields() {
  return (
    <>
      <Form.Item
        name="ageConfirmed"
        valuePropName="checked"
        rules={[mustTick('Confirm that you are 18 or older')]}
        style={{ marginBottom: 8 }}
      >
        <Checkbox>I am 18 or older</Checkbox>
      </Form.Item>
      <Form.Item name="termsAccepted" valuePropName="checked" rules={[mustTick('Accept the Terms and the Privacy policy')]}>
        <Checkbox>
          I accept the <LegalLink slug="terms" fallback="Terms" newTab /> and the{' '}
          <LegalLink slug="privacy" fallback="Privacy policy" newTab />
        </Checkbox>
      </Form.Item>
    </>
  );
}
