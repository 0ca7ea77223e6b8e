import { Form, Input, Modal } from 'antd';
import { type ReactNode, useId } from 'react';

type ReasonModalProps<V extends { reason: string }> = {
  open: boolean;
  title: string;
  okText: string;
  danger?: boolean;
  loading?: boolean;
  /** Who reads the reason: the audit trail by default, or the person acted on. */
  reasonLabel?: string;
  maxLength?: number;
  /** Fields asked beside the reason (a suspension's end). */
  children?: ReactNode;
  onCancel: () => void;
  onSubmit: (values: V) => Promise<void>;
};

/**
 * The console's one dialog that asks why before an action recorded with its reason: looking into
 * a conversation, logging in as someone, rejecting documents, acting on a report.
 */
export function ReasonModal<V extends { reason: string } = { reason: string }>(props: ReasonModalProps<V>) {
  const [form] = Form.useForm<V>();
  // Its own ids: a page may hold other forms with a `reason` field (the wallet's).
  const formName = `reason-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      okButtonProps={{ danger: props.danger }}
      confirmLoading={props.loading}
      onOk={() => form.submit()}
      onCancel={props.onCancel}
      destroyOnHidden
    >
      <Form<V>
        form={form}
        name={formName}
        layout="vertical"
        onFinish={(values) => props.onSubmit({ ...values, reason: values.reason.trim() })}
        requiredMark={false}
        preserve={false}
      >
        {props.children}
        <Form.Item
          name="reason"
          label={props.reasonLabel ?? 'Reason (recorded in the audit trail)'}
          rules={[{ required: true, min: 3, whitespace: true, message: 'Say why, in 3 characters or more' }]}
        >
          <Input.TextArea rows={3} maxLength={props.maxLength ?? 2000} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
