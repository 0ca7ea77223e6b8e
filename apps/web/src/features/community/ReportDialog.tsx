import type { ModerationTargetType } from '@limelight/contracts';
import { reportReasons } from '@limelight/contracts/constants';
import { Form, Input, Modal, Select } from 'antd';
import type { CreateReportApiArg } from '../../shared/api/generated/reports';
import { errorMessage, toast } from '../../shared/lib/toast';
import { useCreateReportMutation } from './api';
import { reportReasonLabels } from './moderation-labels';

type Reason = CreateReportApiArg['body']['reason'];

/** The dialog behind "Report" (`ReportButton`): why, and details. */
export default function ReportDialog({
  targetType,
  targetId,
  open,
  onClose,
}: {
  targetType: ModerationTargetType;
  targetId: string;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ reason: Reason; description: string }>();
  const [report, { isLoading }] = useCreateReportMutation();

  const submit = async (values: { reason: Reason; description?: string }) => {
    try {
      toast.success(
        (await report({ body: { targetType, targetId, reason: values.reason, description: values.description ?? '' } }).unwrap()).message,
      );
      onClose();
      form.resetFields();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <Modal open={open} title="Report" okText="Send report" confirmLoading={isLoading} onOk={() => form.submit()} onCancel={onClose}>
      <Form form={form} name={`report-${targetId}`} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="reason" label="Why?" rules={[{ required: true, message: 'Choose a reason' }]}>
          <Select options={reportReasons.map((value) => ({ value, label: reportReasonLabels[value] }))} placeholder="Choose a reason" />
        </Form.Item>
        <Form.Item name="description" label="Details (optional)">
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
