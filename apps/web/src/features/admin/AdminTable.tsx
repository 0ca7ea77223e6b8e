import { PlusOutlined } from '@ant-design/icons';
import type { ListResponse } from '@limelight/contracts';
import { Button, Card, DatePicker, Flex, Form, type FormInstance, Modal, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { type TableState, useTableState } from '../../shared/hooks/useTableState';
import { applyFieldErrors } from '../../shared/lib/form-errors';
import { errorMessage, toast } from '../../shared/lib/toast';
import { CsvExportButton } from '../../shared/ui/CsvExportButton';
import { PageTitle } from '../../shared/ui/PageTitle';
import { usePhoneColumns } from '../../shared/ui/PhoneTable';
import type { ConsoleQuery } from './console-api';
import type { ListQuery } from './site-api';

type Row = { _id: string };

/** Create, edit and delete for a list whose rows the admin writes (pages, promos, coupons). */
export type RowEditor<T extends Row, F extends object> = {
  /** "page", "promo": used in buttons and messages. */
  singular: string;
  /** The form's values for a new item or for editing `row`. */
  toForm: (row?: T) => F;
  fields: (form: FormInstance<F>) => ReactNode;
  save: (id: string | undefined, values: F) => Promise<T>;
  remove: (id: string) => Promise<{ message: string }>;
  /** More buttons for a row, beside Edit and Delete. */
  rowActions?: (row: T) => ReactNode;
};

export type AdminTableProps<T extends Row, F extends object> = {
  title: string;
  /** The filters kept in the URL (`from` and `to` get the date range picker). */
  filterNames: readonly string[];
  filters?: (state: TableState<string>, setFilter: (name: string, value?: string) => void) => ReactNode;
  useList: (query: ListQuery) => { data?: ListResponse<T>; isFetching: boolean };
  columns: TableColumnsType<T>;
  /** The columns kept on a phone; the others fold into the row. */
  phoneColumns: string[];
  /** Where the list's CSV export is: `<exportPath>/export.csv`, with the table's filters. */
  exportPath?: string;
  /** Query values always sent (a role), beside the table's own. */
  fixedQuery?: ConsoleQuery;
  defaultSortBy?: string;
  /** What the table says when no row matches (it may depend on the filters). */
  empty?: string | ((state: TableState<string>) => string);
  editor?: RowEditor<T, F>;
  actions?: ReactNode;
  children?: ReactNode;
};

/**
 * Every admin list: page, size, sort and filters in the URL, a date range when the list has one,
 * the columns folded on a phone, a CSV export of the current filter (decision 052), and for the
 * lists the admin writes, the create/edit dialog and Delete.
 */
export function AdminTable<T extends Row, F extends object = object>(props: AdminTableProps<T, F>) {
  const { state, query, setFilter, setFilters, sortOrder, tableProps } = useTableState(props.filterNames, {
    sortBy: props.defaultSortBy ?? 'createdAt',
  });
  const fullQuery = { ...props.fixedQuery, ...query };
  const { data, isFetching } = props.useList(fullQuery);
  const editing = useRowEditing(props.editor);
  const columns = [
    ...props.columns.map((column) =>
      'dataIndex' in column && column.sorter ? { ...column, sortOrder: sortOrder(column.dataIndex) } : column,
    ),
    ...(editing ? [editing.column] : []),
  ];
  const layout = usePhoneColumns(columns, editing ? [...props.phoneColumns, editing.column.key] : props.phoneColumns, 900);
  const dated = props.filterNames.includes('from');

  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <PageTitle>{props.title}</PageTitle>
        <Flex gap={8} wrap>
          {props.actions}
          {props.exportPath && <CsvExportButton path={props.exportPath} query={fullQuery} />}
          {editing?.newButton}
        </Flex>
      </Flex>
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        {props.filters?.(state, setFilter)}
        {dated && (
          <DatePicker.RangePicker
            aria-label="Created between"
            allowEmpty={[true, true]}
            value={[state.filters.from ? dayjs(state.filters.from) : null, state.filters.to ? dayjs(state.filters.to) : null]}
            classNames={{ popup: { root: 'range-popup' } }}
            onChange={(range) => setFilters({ from: range?.[0]?.startOf('day').toISOString(), to: range?.[1]?.endOf('day').toISOString() })}
          />
        )}
      </Flex>
      <Table<T>
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.data}
        locale={props.empty ? { emptyText: typeof props.empty === 'string' ? props.empty : props.empty(state) } : undefined}
        {...layout}
        {...tableProps<T>(data?.total)}
      />
      {editing?.dialog}
      {props.children}
    </Card>
  );
}

/**
 * The editor's parts: the New button, the row's Edit and Delete column, and the form in a dialog
 * that shows the fields a refused save names under their inputs.
 */
function useRowEditing<T extends Row, F extends object>(editor?: RowEditor<T, F>) {
  const [form] = Form.useForm<F>();
  const [editing, setEditing] = useState<{ row?: T }>();
  const [saving, setSaving] = useState(false);
  if (!editor) return undefined;

  const open = (row?: T) => {
    setEditing({ row });
    // Set as untouched, so a field that follows another (a slug its title) knows it was not edited.
    form.setFields(Object.entries(editor.toForm(row)).map(([name, value]) => ({ name: name as never, value, touched: false, errors: [] })));
  };
  const submit = async (values: F) => {
    setSaving(true);
    try {
      await editor.save(editing?.row?._id, values);
      toast.success(editing?.row ? 'Changes saved' : `The ${editor.singular} was created`);
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
      toast.success((await editor.remove(row._id)).message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return {
    newButton: (
      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => open()}>
        New {editor.singular}
      </Button>
    ),
    column: {
      title: 'Actions',
      key: 'actions',
      render: (_: unknown, row: T) => (
        <Space wrap>
          <Button size="small" onClick={() => open(row)}>
            Edit
          </Button>
          {editor.rowActions?.(row)}
          <Popconfirm title={`Delete this ${editor.singular}?`} onConfirm={() => remove(row)}>
            <Button size="small" danger>
              Delete
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
    dialog: (
      <Modal
        open={!!editing}
        title={editing?.row ? `Edit ${editor.singular}` : `New ${editor.singular}`}
        okText="Save"
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setEditing(undefined)}
        width={720}
        forceRender
      >
        <Form<F> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          {editor.fields(form)}
        </Form>
      </Modal>
    ),
  };
}
