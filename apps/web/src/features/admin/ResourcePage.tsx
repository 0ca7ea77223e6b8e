import { PlusOutlined } from '@ant-design/icons';
import type { ListResponse } from '@limelight/contracts';
import { Button, Card, Flex, Form, type FormInstance, Modal, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { type ReactNode, useState } from 'react';
import { type TableState, useTableState } from '../../shared/hooks/useTableState';
import { applyFieldErrors } from '../../shared/lib/form-errors';
import { errorMessage, toast } from '../../shared/lib/toast';
import { PageTitle } from '../../shared/ui/PageTitle';
import type { ListQuery } from './site-api';

type Row = { _id: string };
type ResourcePageProps<T extends Row, F extends object> = {
  title: string;
  /** "page", "promo": used in buttons and messages. */
  singular: string;
  filterNames: readonly string[];
  /** Filter inputs above the table, bound to the URL state. */
  filters?: (state: TableState<string>, setFilter: (name: string, value?: string) => void) => ReactNode;
  useList: (query: ListQuery) => { data?: ListResponse<T>; isFetching: boolean };
  columns: TableColumnsType<T>;
  defaultSortBy?: string;
  /** The form's values for a new item or for editing `row`. */
  toForm: (row?: T) => F;
  fields: (form: FormInstance<F>) => ReactNode;
  save: (id: string | undefined, values: F) => Promise<T>;
  remove: (id: string) => Promise<{ message: string }>;
  /** More buttons for a row, beside Edit and Delete. */
  rowActions?: (row: T) => ReactNode;
};

/**
 * An admin list with create, edit and delete: table state (page, size, sort, filters) in the URL,
 * the form in a dialog, and the fields a refused save names shown under their inputs.
 */
export function ResourcePage<T extends Row, F extends object>(props: ResourcePageProps<T, F>) {
  const { state, query, setFilter, sortOrder, tableProps } = useTableState(props.filterNames, { sortBy: props.defaultSortBy });
  const { data, isFetching } = props.useList(query);
  const [form] = Form.useForm<F>();
  const [editing, setEditing] = useState<{ row?: T }>();
  const [saving, setSaving] = useState(false);

  const open = (row?: T) => {
    setEditing({ row });
    // Set as untouched, so a field that follows another (a slug its title) knows it was not edited.
    form.setFields(Object.entries(props.toForm(row)).map(([name, value]) => ({ name: name as never, value, touched: false, errors: [] })));
  };
  const submit = async (values: F) => {
    setSaving(true);
    try {
      await props.save(editing?.row?._id, values);
      toast.success(editing?.row ? 'Changes saved' : `The ${props.singular} was created`);
      setEditing(undefined);
    } catch (error) {
      applyFieldErrors(form, error);
      toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };
  const remove = async (row: T) => {
    try {
      toast.success((await props.remove(row._id)).message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const columns: TableColumnsType<T> = [
    ...props.columns.map((column) =>
      'dataIndex' in column && column.sorter ? { ...column, sortOrder: sortOrder(column.dataIndex) } : column,
    ),
    {
      title: 'Actions',
      key: 'actions',
      render: (_: unknown, row: T) => (
        <Space wrap>
          <Button size="small" onClick={() => open(row)}>
            Edit
          </Button>
          {props.rowActions?.(row)}
          <Popconfirm title={`Delete this ${props.singular}?`} onConfirm={() => remove(row)}>
            <Button size="small" danger>
              Delete
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <PageTitle>{props.title}</PageTitle>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => open()}>
          New {props.singular}
        </Button>
      </Flex>
      {props.filters && (
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          {props.filters(state, setFilter)}
        </Flex>
      )}
      <Table<T>
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.data}
        scroll={{ x: 800 }}
        columns={columns}
        {...tableProps<T>(data?.total)}
      />
      <Modal
        open={!!editing}
        title={editing?.row ? `Edit ${props.singular}` : `New ${props.singular}`}
        okText="Save"
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setEditing(undefined)}
        width={720}
        forceRender
      >
        <Form<F> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          {props.fields(form)}
        </Form>
      </Modal>
    </Card>
  );
}
