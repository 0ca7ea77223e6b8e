import { DownloadOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { type Address, MAX_ORDER_QUANTITY, type Product, phoneSchema } from '@limelight/contracts';
import { Button, Flex, Form, Input, InputNumber, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useSignedInAction } from '../../shared/hooks/useSignedInAction';
import { formatTokens } from '../../shared/lib/money';
import { errorMessage, toast } from '../../shared/lib/toast';
import { PayModal } from '../../shared/pay/PayDialogs';
import { usePayDialog } from '../../shared/pay/usePayDialog';
import { AddressPicker } from './AddressBook';
import { useLazyGetProductDownloadLinkQuery } from './api';
import { ProductThumb } from './ProductCard';
import { orderTotal, quantityProblem } from './shop-rules';

/** Why the phone typed cannot be sent; empty means the address's own phone. */
const phoneProblem = (phone: string) =>
  phone.trim() && !phoneSchema.safeParse(phone).success ? 'Enter a phone number: digits, spaces, +, - or parentheses' : undefined;

/**
 * "Buy": the wallet's one payment path. A physical product asks how many (never more than is in
 * stock), where to (the address book, added to in place) and a phone for the courier.
 */
export function BuyButton({ product }: { product: Product }) {
  const dialog = usePayDialog(`product-${product._id}`);
  const [quantity, setQuantity] = useState<number | null>(1);
  const [address, setAddress] = useState<Address>();
  const [phone, setPhone] = useState('');
  const [note, setNote] = useState('');
  const signedIn = useSignedInAction();
  const physical = product.type === 'physical';
  const stock = product.stock ?? 0;
  const count = physical ? (quantity ?? 0) : 1;
  const total = orderTotal(product.price, count);
  const quantityRefused = physical ? quantityProblem(quantity, stock) : undefined;
  const refused =
    quantityRefused ?? (physical && !address ? 'Choose where to send it' : undefined) ?? (physical ? phoneProblem(phone) : undefined);
  const chooseAddress = useCallback((next?: Address) => setAddress(next), []);

  if (physical && stock <= 0) {
    return (
      <Button disabled icon={<ShoppingCartOutlined aria-hidden />}>
        Sold out
      </Button>
    );
  }
  return (
    <>
      <Button type="primary" size="large" icon={<ShoppingCartOutlined aria-hidden />} onClick={signedIn(dialog.show)}>
        Buy for {formatTokens(product.price)}
      </Button>
      <PayModal
        dialog={dialog}
        title="Buy this product"
        charge={{
          type: 'product',
          id: product._id,
          price: total,
          message: note,
          ...(physical ? { quantity: count, addressId: address?._id, phone: phone.trim() || undefined } : {}),
        }}
        success={physical ? 'Order placed: follow it in My orders' : 'Bought: your download is ready'}
        onPaid={() => {
          setQuantity(1);
          setNote('');
        }}
        refused={refused}
      >
        <Flex gap={12} align="center" style={{ marginBottom: 16 }}>
          <ProductThumb product={product} size={48} />
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text strong ellipsis>
              {product.name}
            </Typography.Text>
            <Typography.Text type="secondary">{formatTokens(product.price)} each</Typography.Text>
          </Flex>
        </Flex>
        {/* A div, not a form: the address form inside it is a form of its own. */}
        <Form layout="vertical" component="div">
          {physical && (
            <>
              <Form.Item
                label="Quantity"
                extra={stock > MAX_ORDER_QUANTITY ? `At most ${MAX_ORDER_QUANTITY} in one order` : `${stock} in stock`}
                validateStatus={quantityRefused ? 'error' : undefined}
                help={quantityRefused}
                htmlFor="buy-quantity"
              >
                {/* No min or max: a quantity beyond the stock is refused with the limit named, never changed. */}
                <InputNumber<number> id="buy-quantity" value={quantity} onChange={setQuantity} />
              </Form.Item>
              <Form.Item label="Deliver to">
                <AddressPicker value={address?._id} onChange={chooseAddress} />
              </Form.Item>
              <Form.Item
                label="Phone for the courier"
                extra={address ? `Leave empty to use ${address.phone}` : undefined}
                validateStatus={phoneProblem(phone) ? 'error' : undefined}
                help={phoneProblem(phone)}
                htmlFor="buy-phone"
              >
                <Input id="buy-phone" value={phone} onChange={(event) => setPhone(event.target.value)} maxLength={20} autoComplete="tel" />
              </Form.Item>
            </>
          )}
          <Form.Item label="Note to the creator (optional)" htmlFor="buy-note">
            <Input.TextArea id="buy-note" value={note} onChange={(event) => setNote(event.target.value)} maxLength={500} rows={2} />
          </Form.Item>
        </Form>
        <Typography.Paragraph strong data-testid="order-total">
          Total: {physical && count > 1 ? `${count} × ${formatTokens(product.price)} = ` : ''}
          {formatTokens(total)}
        </Typography.Paragraph>
        {!physical && (
          <Typography.Paragraph type="secondary">You download the file right after paying, as often as you need.</Typography.Paragraph>
        )}
      </PayModal>
    </>
  );
}

/** Asks for a fresh link made for this buyer and opens it: the file arrives as a download. */
export function DownloadButton({ productId, block }: { productId: string; block?: boolean }) {
  // A query the API answers on a GET, asked only on a click: its trigger asks again each time (a
  // link works for a few minutes), and isFetching, not isLoading, covers the clicks after the first.
  const [link, { isFetching }] = useLazyGetProductDownloadLinkQuery();
  const download = () =>
    link({ id: productId })
      .unwrap()
      .then(({ url }) => {
        const anchor = document.createElement('a');
        anchor.href = url;
        anchor.download = '';
        anchor.click();
      })
      .catch((error: unknown) => toast.error(errorMessage(error)));
  return (
    <Button type="primary" icon={<DownloadOutlined aria-hidden />} onClick={download} loading={isFetching} block={block}>
      Download
    </Button>
  );
}

/** Where a fan finds what they bought. */
export const myOrdersLink = (
  <Link to="/user/orders" className="inline-link">
    My orders
  </Link>
);
