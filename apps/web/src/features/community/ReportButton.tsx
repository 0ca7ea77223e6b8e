import { FlagOutlined } from '@ant-design/icons';
import type { ModerationTargetType } from '@limelight/contracts';
import { reportReasons } from '@limelight/contracts/constants';
import { Button, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import type { CreateReportApiArg } from '../../shared/api/generated/reports';
import { useSignedInAction } from '../../shared/hooks/useSignedInAction';
import { errorMessage, toast } from '../../shared/lib/toast';
import { useCreateReportMutation } from './api';
import { reportReasonLabels } from './moderation-labels';

type Reason = CreateReportApiArg['body']['reason'];

/** "Report" and the dialog asking why; signed-out visitors are asked to log in first. */
export function ReportButton({
  targetType,
  targetId,
  withLabel = false,
}: {
  targetType: ModerationTargetType;
  targetId: string;
  /** Show the word beside the flag (pages with room); otherwise the icon alone, named for screen readers. */
  withLabel?: boolean;
}) {
  const signedIn = useSignedInAction();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ reason: Reason; description: string }>();
  const [report, { isLoading }] = useCreateReportMutation();

  const submit = async (values: { reason: Reason; description?: string }) => {
    try {
      toast.success(
        (await report({ body: { targetType, targetId, reason: values.reason, description: values.description ?? '' } }).unwrap()).message,
      );
      setOpen(false);
      form.resetFields();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <>
      <Button type="text" icon={<FlagOutlined aria-hidden />} aria-label="Report" onClick={signedIn(() => setOpen(true))}>
        {withLabel ? 'Report' : null}
      </Button>
      <Modal
        open={open}
        title="Report"
        okText="Send report"
        confirmLoading={isLoading}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        // Not rendered until first opened: a feed holds one of these per post, and a dialog drawn
        // ahead of time joins antd's Esc stack above any dialog already open (Esc then went to a
        // hidden report form instead of the subscribe dialog).
      >
        <Form form={form} name={`report-${targetId}`} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item name="reason" label="Why?" rules={[{ required: true, message: 'Choose a reason' }]}>
            <Select options={reportReasons.map((value) => ({ value, label: reportReasonLabels[value] }))} placeholder="Choose a reason" />
          </Form.Item>
          <Form.Item name="description" label="Details (optional)">
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
