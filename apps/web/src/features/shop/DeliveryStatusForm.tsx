import type { Order, updateOrderSchema } from '@limelight/contracts';
import { Button, Form, Input, Radio } from 'antd';
import type { z } from 'zod';
import { applyFieldErrors } from '../../shared/lib/form-errors';
import { errorMessage, toast } from '../../shared/lib/toast';
import { useUpdateOrderDeliveryMutation } from './api';
import { deliveryStatusLabels } from './shop-rules';

type DeliveryValues = z.input<typeof updateOrderSchema>;
const movable = ['processing', 'shipping', 'delivered'] as const;

/** The seller (or an admin) moves a physical order on; shipping needs its tracking code. The buyer is told. */
export function DeliveryStatusForm({ order }: { order: Order }) {
  const [form] = Form.useForm<DeliveryValues>();
  const [update, { isLoading }] = useUpdateOrderDeliveryMutation();
  const status = Form.useWatch('deliveryStatus', form);
  const submit = (values: DeliveryValues) =>
    update({
      id: order._id,
      body: { ...values, shippingCode: values.shippingCode?.trim() || undefined, carrier: values.carrier?.trim() || undefined },
    })
      .unwrap()
      .then((saved) => toast.success(`Order ${saved.number} is now ${deliveryStatusLabels[saved.deliveryStatus].label.toLowerCase()}`))
      .catch((error: unknown) => {
        applyFieldErrors(form, error);
        toast.error(errorMessage(error));
      });
  return (
    <Form<DeliveryValues>
      form={form}
      name="delivery"
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      initialValues={{
        deliveryStatus: order.deliveryStatus === 'refunded' ? 'processing' : order.deliveryStatus,
        shippingCode: order.shippingCode ?? '',
        carrier: order.carrier ?? '',
      }}
    >
      <Form.Item name="deliveryStatus" label="Update the delivery">
        <Radio.Group optionType="button" options={movable.map((value) => ({ value, label: deliveryStatusLabels[value].label }))} />
      </Form.Item>
      {status !== 'processing' && (
        <>
          <Form.Item
            name="shippingCode"
            label="Shipping code"
            rules={[{ required: status === 'shipping', whitespace: true, message: 'Enter the tracking code to mark it shipping' }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="carrier" label="Carrier (optional)">
            <Input maxLength={100} placeholder="DHL, UPS, Royal Mail…" />
          </Form.Item>
        </>
      )}
      <Button type="primary" htmlType="submit" loading={isLoading}>
        Save delivery
      </Button>
    </Form>
  );
}
