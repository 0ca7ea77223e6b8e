import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type Address, type SaveAddressInput, saveAddressSchema } from '@limelight/contracts';
import { Button, Checkbox, Col, Flex, Form, Input, Radio, Row, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { applyFieldErrors } from '../../shared/lib/form-errors';
import { errorMessage, toast } from '../../shared/lib/toast';
import { zodRule } from '../../shared/lib/zod-rule';
import { CountrySelect, useCountryName } from '../lookups';
import {
  useCreateDeliveryAddressMutation,
  useListDeliveryAddressesQuery,
  useUpdateDeliveryAddressMutation,
  WHOLE_ADDRESS_BOOK,
} from './api';

const fields = saveAddressSchema.shape;

/** An address on one or two lines, as on an envelope. */
export function AddressLines({ address }: { address: Omit<SaveAddressInput, 'isDefault'> }) {
  const countryName = useCountryName();
  const place = [address.postalCode, address.city, address.state].filter(Boolean).join(' ');
  return (
    <Flex vertical>
      <Typography.Text strong>{address.name}</Typography.Text>
      <Typography.Text>{address.street}</Typography.Text>
      <Typography.Text>
        {place}, {countryName(address.country)}
      </Typography.Text>
    </Flex>
  );
}

/** Adds an address to the fan's book or edits one, in place (inside the buy dialog, no second dialog). */
export function AddressForm({
  address,
  first,
  onSaved,
  onCancel,
}: {
  address?: Address;
  /** The book's first address is its default anyway. */
  first?: boolean;
  onSaved: (saved: Address) => void;
  onCancel?: () => void;
}) {
  const [form] = Form.useForm<SaveAddressInput>();
  const [create, creating] = useCreateDeliveryAddressMutation();
  const [update, updating] = useUpdateDeliveryAddressMutation();
  const isLoading = creating.isLoading || updating.isLoading;
  const submit = (values: SaveAddressInput) =>
    (address ? update({ id: address._id, body: values }) : create({ body: values }))
      .unwrap()
      .then((saved) => {
        toast.success(address ? 'Address saved' : 'Address added');
        onSaved(saved);
      })
      .catch((error: unknown) => {
        applyFieldErrors(form, error);
        toast.error(errorMessage(error));
      });
  const rule = (name: keyof typeof fields, label: string) => [zodRule(fields[name], label)];
  return (
    <Form<SaveAddressInput>
      form={form}
      name={address ? `address-${address._id}` : 'new-address'}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      initialValues={
        address ?? { name: '', country: undefined, state: '', city: '', street: '', postalCode: '', phone: '', isDefault: false }
      }
      className="address-form"
    >
      <Typography.Text strong>{address ? 'Edit address' : 'New address'}</Typography.Text>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label="Full name" rules={rule('name', 'Full name')}>
            <Input autoComplete="name" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="phone" label="Phone" rules={rule('phone', 'Phone')}>
            <Input autoComplete="tel" maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="street" label="Street and number" rules={rule('street', 'Street')}>
            <Input autoComplete="street-address" maxLength={300} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="city" label="City" rules={rule('city', 'City')}>
            <Input autoComplete="address-level2" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="postalCode" label="Postal code" rules={rule('postalCode', 'Postal code')}>
            <Input autoComplete="postal-code" maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="state" label="State or region" rules={rule('state', 'State')}>
            <Input autoComplete="address-level1" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="country" label="Country" rules={[{ required: true, message: 'Choose a country' }]}>
            <CountrySelect aria-label="Country" />
          </Form.Item>
        </Col>
      </Row>
      {!first && (
        <Form.Item name="isDefault" valuePropName="checked">
          <Checkbox>Use as my default address</Checkbox>
        </Form.Item>
      )}
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          {address ? 'Save address' : 'Add address'}
        </Button>
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
      </Flex>
    </Form>
  );
}

/**
 * The fan's address book as a choice: the default one chosen first, each editable in place,
 * and a new one added without leaving the dialog (the first one is asked for at once).
 */
export function AddressPicker({
  value,
  onChange,
  chooseDefault = true,
}: {
  value?: string;
  onChange: (address?: Address) => void;
  /** Off where a choice must be the fan's own act (moving an order), not the book's default. */
  chooseDefault?: boolean;
}) {
  const { data, isLoading } = useListDeliveryAddressesQuery(WHOLE_ADDRESS_BOOK);
  const [editing, setEditing] = useState<{ address?: Address }>();
  const addresses = data?.data ?? [];
  const chosen = addresses.find((address) => address._id === value);

  useEffect(() => {
    if (chooseDefault && !value && addresses.length) onChange(addresses.find((address) => address.isDefault) ?? addresses[0]);
  }, [chooseDefault, value, addresses, onChange]);

  if (isLoading) return <Skeleton active paragraph={{ rows: 2 }} />;
  const saved = (address: Address) => {
    setEditing(undefined);
    onChange(address);
  };
  if (!addresses.length) return <AddressForm first onSaved={saved} />;
  if (editing) return <AddressForm address={editing.address} onSaved={saved} onCancel={() => setEditing(undefined)} />;
  return (
    <Flex vertical gap={8}>
      <Radio.Group
        value={chosen?._id}
        onChange={(event) => onChange(addresses.find((address) => address._id === event.target.value))}
        aria-label="Deliver to"
        style={{ width: '100%' }}
      >
        <Flex vertical gap={8}>
          {addresses.map((address) => (
            <Flex key={address._id} className="address-option" justify="space-between" align="flex-start" gap={8}>
              <Radio value={address._id} aria-label={`${address.name}, ${address.street}, ${address.city}`}>
                <AddressLines address={address} />
              </Radio>
              <Button
                size="small"
                type="text"
                icon={<EditOutlined aria-hidden />}
                aria-label={`Edit the address of ${address.name}, ${address.street}`}
                onClick={() => setEditing({ address })}
              />
            </Flex>
          ))}
        </Flex>
      </Radio.Group>
      <Button icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({})} style={{ alignSelf: 'flex-start' }}>
        New address
      </Button>
    </Flex>
  );
}
