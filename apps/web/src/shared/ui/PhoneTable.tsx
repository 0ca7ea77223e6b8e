import { Descriptions, Grid, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';

type Column<T> = ColumnType<T>;

const columnId = <T,>(column: Column<T>) => String(column.key ?? column.dataIndex ?? '');

/** A column's cell outside the table: what its render makes of the row, or the row's value. */
function cellOf<T>(column: Column<T>, row: T, index: number): ReactNode {
  const value = typeof column.dataIndex === 'string' ? (row as Record<string, unknown>)[column.dataIndex] : undefined;
  const cell = column.render ? column.render(value, row, index) : value;
  // A render may answer antd's { children, props } form; its children are the cell.
  return (cell && typeof cell === 'object' && 'children' in cell ? cell.children : cell) as ReactNode;
}

/**
 * A table's layout on a phone: the columns named in `keep` stay, the others fold into the row's
 * expanded part, each under its title, so nothing is dropped or hidden off-screen with no cue
 * (a phone cannot show seven columns, and a sideways scroll is easy to miss).
 */
export function foldColumns<T>(columns: Column<T>[], keep: string[]): Pick<TableProps<T>, 'columns' | 'expandable' | 'scroll' | 'size'> {
  const kept = columns.filter((column) => keep.includes(columnId(column)));
  const folded = columns.filter((column) => !keep.includes(columnId(column)));
  return {
    columns: kept,
    scroll: undefined,
    // Half the cell padding: the kept columns get the width.
    size: 'small',
    expandable: {
      expandedRowRender: (row, index) => (
        <Descriptions
          size="small"
          column={1}
          items={folded.map((column) => ({
            key: columnId(column),
            label: column.title as ReactNode,
            children: cellOf(column, row, index),
          }))}
        />
      ),
    },
  };
}

/** The columns (and sideways scroll) for a wide screen, folded as foldColumns does on a phone. */
export function usePhoneColumns<T>(columns: Column<T>[], keep: string[], scrollX: number) {
  const screens = Grid.useBreakpoint();
  // Before the first measure every breakpoint is unknown: lay out for a wide screen.
  return screens.md === false ? foldColumns(columns, keep) : { columns, scroll: { x: scrollX } };
}
