import { StopOutlined } from '@ant-design/icons';
import type { PublicUser } from '@limelight/contracts';
import { Button, Input, Popconfirm } from 'antd';
import { useState } from 'react';
import { errorMessage, toast } from '../../shared/lib/toast';
import { useBlockStatusQuery, useBlockUserMutation, useUnblockUserMutation } from './api';

/**
 * Block or unblock one account, where the signed-in user sees it (a comment, a subscriber, a
 * profile). Blocking asks first and takes an optional reason only the blocker sees.
 */
export function BlockButton({ user, size = 'small' }: { user: Pick<PublicUser, '_id' | 'name'>; size?: 'small' | 'middle' }) {
  const status = useBlockStatusQuery(user._id);
  const [block, blocking] = useBlockUserMutation();
  const [unblock, unblocking] = useUnblockUserMutation();
  const [reason, setReason] = useState('');

  if (status.data?.blocked) {
    return (
      <Button
        size={size}
        loading={unblocking.isLoading}
        aria-label={`Unblock ${user.name}`}
        onClick={() =>
          unblock(user._id)
            .unwrap()
            .then(() => toast.success(`${user.name} is unblocked`))
            .catch((error: unknown) => toast.error(errorMessage(error)))
        }
      >
        Unblock
      </Button>
    );
  }
  return (
    <Popconfirm
      title={`Block ${user.name}?`}
      description={
        <Input
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={500}
          placeholder="Reason (only you see it)"
          aria-label="Reason for blocking"
        />
      }
      okText="Block"
      okButtonProps={{ danger: true }}
      onConfirm={() =>
        block({ targetId: user._id, reason: reason.trim() || undefined })
          .unwrap()
          .then(() => toast.success(`${user.name} is blocked`))
          .catch((error: unknown) => toast.error(errorMessage(error)))
      }
    >
      <Button size={size} danger icon={<StopOutlined />} loading={blocking.isLoading || status.isLoading} aria-label={`Block ${user.name}`}>
        Block
      </Button>
    </Popconfirm>
  );
}
