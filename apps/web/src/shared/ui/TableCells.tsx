import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Popconfirm } from 'antd';
import type { SortOrder as AntSortOrder } from 'antd/es/table/interface';
import { formatMoment } from '../lib/dates';
import { errorMessage, toast } from '../lib/toast';
import { ButtonLink } from './ButtonLink';
import { PageTitle } from './PageTitle';

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
      <ButtonLink to={editTo} size="small">
        {editLabel}
      </ButtonLink>
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

/** A page's title with the button that creates one more of what it lists. */
export function ListHeader({ title, createTo, createLabel }: { title: string; createTo: string; createLabel: string }) {
  return (
    <Flex justify="space-between" align="center" wrap gap={8}>
      <PageTitle>{title}</PageTitle>
      <ButtonLink to={createTo} type="primary" icon={<PlusOutlined aria-hidden />}>
        {createLabel}
      </ButtonLink>
    </Flex>
  );
}

const momentColumn = (field: 'createdAt' | 'updatedAt') => (title: string, sortOrder: (column: string) => AntSortOrder) => ({
  title,
  dataIndex: field,
  sorter: true,
  sortOrder: sortOrder(field),
  render: (value: string) => formatMoment(value),
});

/** The sortable "when" column most lists open with. */
export const createdAtColumn = momentColumn('createdAt');
/** The last change, which a creator's own content tables sort by first (spec 2: sortBy defaults to updatedAt). */
export const updatedAtColumn = momentColumn('updatedAt');
