import { MessageOutlined } from '@ant-design/icons';
import type { PublicUser } from '@limelight/contracts';
import { Messages } from '@limelight/contracts/constants';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useSignedInAction } from '../../shared/hooks/useSignedInAction';
import { errorMessage, toast } from '../../shared/lib/toast';
import { useOpenConversationMutation } from './api';

/**
 * "Message": opens (or makes) the conversation with this person; when they take no messages from
 * you, says why. Named for the person, as rows of fans each have one; small in a table's row.
 */
export function MessageButton({ person, block, size }: { person: PublicUser; block?: boolean; size?: 'small' }) {
  const [openConversation, { isLoading }] = useOpenConversationMutation();
  const navigate = useNavigate();
  const signedIn = useSignedInAction();
  const start = () =>
    openConversation({ body: { source: person.isPerformer ? 'performer' : 'user', sourceId: person._id } })
      .unwrap()
      .then((conversation) => navigate(`/messages?conversation=${conversation._id}`))
      // Why it was refused (they take no messages from you), else the catalogue's words (spec 8).
      .catch((error: unknown) => toast.error(errorMessage(error, Messages.genericError)));
  return (
    <Button
      icon={<MessageOutlined aria-hidden />}
      loading={isLoading}
      onClick={signedIn(start)}
      block={block}
      size={size}
      aria-label={`Message ${person.name}`}
    >
      Message
    </Button>
  );
}
