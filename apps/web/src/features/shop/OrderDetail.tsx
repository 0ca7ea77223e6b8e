import { ArrowLeftOutlined, CheckCircleFilled, ClockCircleOutlined } from '@ant-design/icons';
import type { Address, Order } from '@limelight/contracts';
import { Button, Card, Col, Descriptions, Flex, Result, Row, Skeleton, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatMoment } from '../../shared/lib/dates';
import { formatTokens } from '../../shared/lib/money';
import { errorMessage, toast } from '../../shared/lib/toast';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { PageTitle } from '../../shared/ui/PageTitle';
import { AddressLines, AddressPicker } from './AddressBook';
import { useGetOrderQuery, useUpdateOrderDeliveryAddressMutation } from './api';
import { DownloadButton } from './BuyButton';
import { DeliveryStatusForm } from './DeliveryStatusForm';
import { DeliveryStatusTag, type OrderSide } from './OrdersTable';
import { ProductThumb } from './ProductCard';
import { deliveryStatusLabels, deliverySteps, productTypeLabels } from './shop-rules';

/** processing → shipping (code, carrier) → delivered, or refunded: how far the order has come. */
function DeliveryTimeline({ order }: { order: Order }) {
  return (
    <Timeline
      items={deliverySteps(order).map((step) => ({
        key: step.status,
        color: step.status === 'refunded' ? 'purple' : step.reached ? 'green' : 'gray',
        icon: step.reached ? <CheckCircleFilled aria-hidden /> : <ClockCircleOutlined aria-hidden />,
        content: (
          <Flex vertical data-testid={`step-${step.status}`}>
            <Typography.Text strong={step.reached} type={step.reached ? undefined : 'secondary'}>
              {deliveryStatusLabels[step.status].label}
              {step.reached ? '' : ' (not yet)'}
            </Typography.Text>
            {step.detail && <Typography.Text type="secondary">{step.detail}</Typography.Text>}
          </Flex>
        ),
      }))}
    />
  );
}

/** The buyer sends a processing order elsewhere: any address of their book, and a phone. */
function ChangeAddress({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const [address, setAddress] = useState<Address>();
  const [update, { isLoading }] = useUpdateOrderDeliveryAddressMutation();
  if (!open) {
    return (
      <Button size="small" onClick={() => setOpen(true)}>
        Change address
      </Button>
    );
  }
  const save = () =>
    address &&
    update({ id: order._id, body: { addressId: address._id } })
      .unwrap()
      .then(() => {
        toast.success('The order goes to the new address');
        setOpen(false);
      })
      .catch((error: unknown) => toast.error(errorMessage(error)));
  return (
    <Flex vertical gap={8} style={{ width: '100%' }}>
      <Typography.Text strong>Send it to</Typography.Text>
      <AddressPicker value={address?._id} onChange={setAddress} chooseDefault={false} />
      <Flex gap={8}>
        <Button type="primary" onClick={save} loading={isLoading} disabled={!address}>
          Send it here
        </Button>
        <Button onClick={() => setOpen(false)}>Cancel</Button>
      </Flex>
    </Flex>
  );
}

function OrderFacts({ order, side }: { order: Order; side: OrderSide }) {
  const physical = order.product.type === 'physical';
  const items = [
    ...(side === 'buyer'
      ? [{ key: 'performer', label: 'Creator', children: order.performer.name }]
      : [{ key: 'buyer', label: 'Buyer', children: `${order.buyer.name}${order.buyer.username ? ` (@${order.buyer.username})` : ''}` }]),
    ...(side === 'admin' ? [{ key: 'performer', label: 'Creator', children: order.performer.name }] : []),
    { key: 'date', label: 'Ordered', children: formatMoment(order.createdAt) },
    { key: 'quantity', label: 'Quantity', children: order.quantity },
    { key: 'unit', label: 'Unit price', children: formatTokens(order.unitPrice) },
    { key: 'total', label: 'Total', children: formatTokens(order.totalPrice) },
    ...(side === 'buyer'
      ? []
      : [
          { key: 'commission', label: 'Commission', children: formatTokens(order.commission) },
          { key: 'net', label: 'Net to the creator', children: formatTokens(order.net) },
        ]),
    ...(physical
      ? [
          {
            key: 'address',
            label: 'Deliver to',
            children: order.deliveryAddress ? <AddressLines address={order.deliveryAddress} /> : 'No address',
          },
          { key: 'phone', label: 'Phone', children: order.phone ?? '—' },
        ]
      : []),
    { key: 'note', label: 'Note', children: order.note || <Typography.Text type="secondary">None</Typography.Text> },
  ];
  return <Descriptions column={1} size="small" bordered items={items} />;
}

/** One order, for its buyer, its seller or an admin: what was bought, where it goes, how far it is. */
export function OrderDetail({ id, side, backTo }: { id: string; side: OrderSide; backTo: string }) {
  const { data: order, isLoading, isError } = useGetOrderQuery({ id });
  if (isLoading) return <Skeleton active className="page-narrow" />;
  if (isError || !order)
    return (
      <Result
        status="404"
        title={<PageTitle style={{ fontSize: 24 }}>Order not found</PageTitle>}
        extra={<Link to={backTo}>Back to the orders</Link>}
      />
    );
  const physical = order.product.type === 'physical';
  const canDownload = side === 'buyer' && !physical && order.deliveryStatus !== 'refunded' && order.productId;
  return (
    <Card className="page-narrow">
      <ButtonLink to={backTo} type="link" icon={<ArrowLeftOutlined aria-hidden />} style={{ paddingInline: 0 }}>
        All orders
      </ButtonLink>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <PageTitle style={{ margin: 0 }}>Order {order.number}</PageTitle>
        <DeliveryStatusTag status={order.deliveryStatus} />
      </Flex>
      <Flex gap={12} align="center" style={{ margin: '16px 0' }}>
        <ProductThumb product={order.product} size={64} />
        <Flex vertical style={{ minWidth: 0 }}>
          {order.productId ? (
            <Link to={`/product/${order.productId}`}>{order.product.name}</Link>
          ) : (
            <Typography.Text>{order.product.name}</Typography.Text>
          )}
          <Typography.Text type="secondary">{productTypeLabels[order.product.type]}</Typography.Text>
        </Flex>
        {canDownload && (
          <div style={{ marginInlineStart: 'auto' }}>
            <DownloadButton productId={order.productId!} />
          </div>
        )}
      </Flex>
      <Row gutter={[24, 16]}>
        <Col xs={24} md={14}>
          <OrderFacts order={order} side={side} />
          {side === 'buyer' && physical && order.deliveryStatus === 'processing' && (
            <div style={{ marginTop: 12 }}>
              <ChangeAddress order={order} />
            </div>
          )}
        </Col>
        <Col xs={24} md={10}>
          <Typography.Title level={4}>Delivery</Typography.Title>
          <DeliveryTimeline order={order} />
          {side !== 'buyer' && physical && order.deliveryStatus !== 'refunded' && <DeliveryStatusForm order={order} />}
          {side === 'admin' && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
              A refund is made on the order's payment, in{' '}
              <Link to="/admin/wallet-charges?type=product" className="inline-link">
                Wallet charges
              </Link>
              : it marks the order refunded and puts the items back in stock.
            </Typography.Paragraph>
          )}
        </Col>
      </Row>
    </Card>
  );
}
