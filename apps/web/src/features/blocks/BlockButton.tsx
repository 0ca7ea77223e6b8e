import { StopOutlined } from '@ant-design/icons';
import type { PublicUser } from '@limelight/contracts';
import { Button, Flex, Input, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { unfollowed } from '../../shared/lib/follow';
import { useAppDispatch, useAppSelector } from '../../shared/lib/store';
import { errorMessage, toast } from '../../shared/lib/toast';
import { useBlockUserMutation, useGetUserBlockStatusQuery, useUnblockUserMutation } from './api';

/**
 * What a block does, as the API does it (decision 011): a creator's block stops the fan's
 * subscription renewing, refunds nothing and locks what it opened until an unblock; a fan's block
 * only hides the creator, and their own subscription goes on until they cancel it.
 */
export const blockConsequences = (blocker: 'creator' | 'fan') =>
  blocker === 'creator'
    ? 'They can no longer see your page or content, and neither of you follows the other any more. If they subscribe to you, their subscription stops renewing and nothing is refunded; what they paid for opens again only if you unblock them before it ends.'
    : 'You will no longer follow them or see them in search, lists, your timeline or stories. A subscription to them keeps renewing until you cancel it under Subscriptions.';

/**
 * Block or unblock one account, where the signed-in user sees it (a comment, a subscriber, a
 * profile). Blocking asks first, says what it does, and takes an optional reason only the blocker sees.
 */
export function BlockButton({
  user,
  size = 'small',
  quiet,
}: {
  user: Pick<PublicUser, '_id' | 'name'>;
  size?: 'small' | 'middle';
  /** Drawn as text, after the actions a page is for (a creator's page: follow, subscribe, tip). */
  quiet?: boolean;
}) {
  const status = useGetUserBlockStatusQuery({ id: user._id });
  const [block, blocking] = useBlockUserMutation();
  const [unblock, unblocking] = useUnblockUserMutation();
  const [reason, setReason] = useState('');
  const dispatch = useAppDispatch();
  const blocker = useAppSelector((state) => (state.session.user?.isPerformer ? 'creator' : 'fan'));

  if (status.data?.blocked) {
    return (
      <Button
        size={size}
        loading={unblocking.isLoading}
        aria-label={`Unblock ${user.name}`}
        onClick={() =>
          unblock({ id: user._id })
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
        <Flex vertical gap={8} style={{ maxWidth: 320 }}>
          <Typography.Text data-testid="block-consequences">{blockConsequences(blocker)}</Typography.Text>
          <Input
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={500}
            placeholder="Reason (only you see it)"
            aria-label="Reason for blocking"
          />
        </Flex>
      }
      okText="Block"
      okButtonProps={{ danger: true }}
      onConfirm={() =>
        block({ body: { targetId: user._id, reason: reason.trim() || undefined } })
          .unwrap()
          .then(() => {
            // The block ended any follow between the two (decision 038): the button says so at once.
            dispatch(unfollowed(user._id));
            toast.success(`${user.name} is blocked`);
          })
          .catch((error: unknown) => toast.error(errorMessage(error)))
      }
    >
      <Button
        size={size}
        danger
        type={quiet ? 'text' : 'default'}
        icon={<StopOutlined aria-hidden />}
        loading={blocking.isLoading || status.isLoading}
        aria-label={`Block ${user.name}`}
      >
        Block
      </Button>
    </Popconfirm>
  );
}
