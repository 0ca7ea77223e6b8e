import { Button, Flex, Popconfirm } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { errorMessage, toast } from '../lib/toast';

/** How tables show a moment and an amount of tokens or money. */
export const formatDateTime = (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm');
export const formatDate = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD') : '');
export const formatAmount = (value: number) => value.toFixed(2);

/** Edit (a link) and Delete (after a confirmation; the server's answer is toasted) for one row. */
export function EditDeleteActions({
  editTo,
  editLabel = 'Edit',
  confirm,
  onDelete,
}: {
  editTo: string;
  editLabel?: string;
  confirm: string;
  onDelete: () => Promise<{ message: string }>;
}) {
  return (
    <Flex gap={8}>
      <Link to={editTo}>
        <Button size="small">{editLabel}</Button>
      </Link>
      <Popconfirm
        title={confirm}
        onConfirm={() =>
          onDelete()
            .then((answer) => toast.success(answer.message))
            .catch((error: unknown) => toast.error(errorMessage(error)))
        }
      >
        <Button size="small" danger>
          Delete
        </Button>
      </Popconfirm>
    </Flex>
  );
}
