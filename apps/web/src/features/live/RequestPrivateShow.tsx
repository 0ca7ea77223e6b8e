import { PhoneOutlined } from '@ant-design/icons';
import type { LiveSession, PrivateRequest } from '@limelight/contracts';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSocketEvent } from '../../shared/hooks/useSocketEvent';
import { formatTokens } from '../../shared/lib/money';
import { useAppSelector } from '../../shared/lib/store';
import { errorMessage, toast } from '../../shared/lib/toast';
import { useAnswerPrivateShowRequestMutation, useCreatePrivateShowRequestMutation, useListPrivateShowRequestsQuery } from './api';

/**
 * "Request a private show" on the live page: the creator's price a minute and a note; then the
 * request waits for the creator, and their answer arrives live (accepted: the call opens).
 */
export function RequestPrivateShow({ session }: { session: LiveSession }) {
  const me = useAppSelector((state) => state.session.user);
  const balance = me?.balance ?? 0;
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [request, { isLoading }] = useCreatePrivateShowRequestMutation();
  const [answer, { isLoading: cancelling }] = useAnswerPrivateShowRequestMutation();
  // A request sent earlier (this page reloaded) is still the fan's open one.
  const { data: mine } = useListPrivateShowRequestsQuery({ status: 'pending', limit: 20, offset: 0 });
  const [sent, setSent] = useState<PrivateRequest>();
  const waiting = sent ?? mine?.data.find((item) => item.performerId === session.performerId);
  const name = session.performer.name || session.performer.username;
  const price = session.privateShowPrice;

  useSocketEvent('private/request_updated', ({ request: changed }) => {
    if (changed.userId !== me?._id || changed.performerId !== session.performerId) return;
    if (changed.status === 'accepted') {
      toast.success(`${name} accepted: your private show starts`);
      navigate(`/private-show/${changed._id}`);
    } else if (changed.status === 'declined') {
      toast.info(`${name} declined your private show request`);
      setSent(undefined);
    }
  });

  if (me?.role !== 'user' || price === 0) return null;
  if (waiting && waiting.status === 'pending') {
    return (
      <Alert
        type="info"
        showIcon
        title={`Private show requested: waiting for ${name} to answer (${formatTokens(waiting.pricePerMinute)} a minute)`}
        action={
          <Button
            loading={cancelling}
            onClick={() =>
              answer({ id: waiting._id, body: { action: 'cancel' } })
                .unwrap()
                .then(() => {
                  setSent(undefined);
                  toast.success('Request cancelled');
                })
                .catch((error: unknown) => toast.error(errorMessage(error)))
            }
          >
            Cancel request
          </Button>
        }
      />
    );
  }
  const send = () =>
    request({ body: { performerId: session.performerId, message } })
      .unwrap()
      .then((made) => {
        setSent(made);
        setOpen(false);
        setMessage('');
        toast.success(`Request sent to ${name}`);
      })
      .catch((error: unknown) => toast.error(errorMessage(error)));
  return (
    <>
      <Button icon={<PhoneOutlined aria-hidden />} onClick={() => setOpen(true)}>
        Request a private show
      </Button>
      <Modal
        open={open}
        title={`Private show with ${name}`}
        onCancel={() => setOpen(false)}
        footer={[
          <Button key="cancel" onClick={() => setOpen(false)}>
            Cancel
          </Button>,
          <Button key="send" type="primary" loading={isLoading} onClick={send}>
            Send request
          </Button>,
        ]}
      >
        <Typography.Paragraph>
          {price
            ? `A one-to-one video call: ${formatTokens(price)} a minute, paid from your wallet for each minute started.`
            : `A one-to-one video call at ${name}'s price a minute, paid from your wallet for each minute started.`}{' '}
          Your wallet holds {formatTokens(balance)}.
        </Typography.Paragraph>
        <Form layout="vertical" name="private-show-request">
          <Form.Item label="Message (optional)">
            <Input.TextArea
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              maxLength={500}
              rows={3}
              aria-label="Message to the creator"
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
