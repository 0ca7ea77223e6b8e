import type { Comment } from '@limelight/contracts';
import { Button, Flex, Input } from 'antd';
import { useState } from 'react';
import { errorMessage, toast } from '../../shared/lib/toast';
import { useCreateCommentMutation } from './api';

/** The box that writes a comment, or with `parentId` a reply under one; `initial` prefills it (an @mention). */
export function CommentComposer({
  item,
  parentId,
  initial = '',
  onSent,
}: {
  item: { objectType: Comment['objectType']; objectId: string };
  parentId?: string;
  initial?: string;
  onSent?: () => void;
}) {
  const [add, adding] = useCreateCommentMutation();
  const [text, setText] = useState(initial);
  const label = parentId ? 'Write a reply' : 'Write a comment';

  const send = async () => {
    if (!text.trim()) return;
    try {
      await add({ body: { ...item, content: text.trim(), ...(parentId ? { parentId } : {}) } }).unwrap();
      setText('');
      onSent?.();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <Flex gap={8}>
      <Input.TextArea
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoSize={{ minRows: 1, maxRows: 4 }}
        maxLength={2000}
        placeholder={label}
        aria-label={label}
        autoFocus={!!parentId}
      />
      <Button type="primary" onClick={send} loading={adding.isLoading} disabled={!text.trim()}>
        {parentId ? 'Send reply' : 'Send'}
      </Button>
    </Flex>
  );
}
