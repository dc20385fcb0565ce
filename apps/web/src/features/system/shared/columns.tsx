import type { ReactNode } from 'react';
import type { TableColumnType } from 'antd';
import { formatDateTime } from '../../../lib/format-time';

/** A creation-time column, kept on one line. */
export function timeColumn<T>(key: string, title: ReactNode, time: (row: T) => string): TableColumnType<T> {
  return {
    key,
    title,
    render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(time(row))}</span>,
  };
}

/** The row actions column, pinned to the right. */
export function actionsColumn<T>(title: ReactNode, render: (row: T) => ReactNode): TableColumnType<T> {
  return { key: 'actions', title, fixed: 'right', render: (_, row) => render(row) };
}
