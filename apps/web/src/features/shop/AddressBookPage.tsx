import { DeleteOutlined, EditOutlined, PlusOutlined, StarOutlined } from '@ant-design/icons';
import type { Address } from '@limelight/contracts';
import { Button, Card, Empty, Flex, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage, toast } from '../../shared/lib/toast';
import { PageTitle } from '../../shared/ui/PageTitle';
import { AddressForm, AddressLines } from './AddressBook';
import {
  useDeleteDeliveryAddressMutation,
  useListDeliveryAddressesQuery,
  useUpdateDeliveryAddressMutation,
  WHOLE_ADDRESS_BOOK,
} from './api';

/** An address as the API takes it back (its fields without the ids and dates). */
const fieldsOf = ({ _id, createdAt, updatedAt, ...fields }: Address) => fields;

/** One address of the book: its lines, and edit, make default and delete. */
function AddressCard({ address, onEdit }: { address: Address; onEdit: () => void }) {
  const [save, saving] = useUpdateDeliveryAddressMutation();
  const [remove, removing] = useDeleteDeliveryAddressMutation();
  const who = `${address.name}, ${address.street}`;
  return (
    <Card size="small" className="address-card" aria-label={`Address of ${who}`} role="group">
      <Flex justify="space-between" align="flex-start" gap={8} wrap>
        <Flex vertical gap={4}>
          <AddressLines address={address} />
          <Typography.Text type="secondary">{address.phone}</Typography.Text>
        </Flex>
        {address.isDefault && <Tag color="success">Default</Tag>}
      </Flex>
      <Flex gap={8} wrap style={{ marginTop: 12 }}>
        <Button size="small" icon={<EditOutlined aria-hidden />} aria-label={`Edit the address of ${who}`} onClick={onEdit}>
          Edit
        </Button>
        {!address.isDefault && (
          <Button
            size="small"
            icon={<StarOutlined aria-hidden />}
            loading={saving.isLoading}
            aria-label={`Make the address of ${who} the default`}
            onClick={() =>
              save({ id: address._id, body: { ...fieldsOf(address), isDefault: true } })
                .unwrap()
                .then(() => toast.success('Default address changed'))
                .catch((error: unknown) => toast.error(errorMessage(error)))
            }
          >
            Make default
          </Button>
        )}
        <Popconfirm
          title="Delete this address?"
          description={
            address.isDefault
              ? 'Your newest other address becomes the default. Orders already placed keep their address.'
              : 'Orders already placed keep their address.'
          }
          okText="Delete address"
          cancelText="Keep it"
          okButtonProps={{ danger: true }}
          onConfirm={() =>
            remove({ id: address._id })
              .unwrap()
              .then(() => toast.success('Address deleted'))
              .catch((error: unknown) => toast.error(errorMessage(error)))
          }
        >
          <Button
            size="small"
            danger
            icon={<DeleteOutlined aria-hidden />}
            loading={removing.isLoading}
            aria-label={`Delete the address of ${who}`}
          >
            Delete
          </Button>
        </Popconfirm>
      </Flex>
    </Card>
  );
}

/**
 * `/user/addresses`: the fan's address book, the one the shop's checkout offers (at most 20
 * addresses, the default first): add, edit, make default and delete.
 */
export default function AddressBookPage() {
  const { data, isLoading } = useListDeliveryAddressesQuery(WHOLE_ADDRESS_BOOK);
  const [editing, setEditing] = useState<{ address?: Address }>();
  const addresses = data?.data ?? [];
  return (
    <div className="page-narrow">
      <PageTitle>Addresses</PageTitle>
      <Typography.Paragraph type="secondary">
        Where your shop orders are sent. The default address is chosen first at checkout.
      </Typography.Paragraph>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <Flex vertical gap={12}>
          {editing ? (
            <Card>
              <AddressForm
                address={editing.address}
                first={!addresses.length}
                onSaved={() => setEditing(undefined)}
                onCancel={() => setEditing(undefined)}
              />
            </Card>
          ) : (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({})} style={{ alignSelf: 'flex-start' }}>
              Add address
            </Button>
          )}
          {!addresses.length && !editing && <Empty description="No address yet. Add one to have shop orders sent to you." />}
          {addresses.map((address) =>
            editing?.address?._id === address._id ? null : (
              <AddressCard key={address._id} address={address} onEdit={() => setEditing({ address })} />
            ),
          )}
        </Flex>
      )}
    </div>
  );
}
