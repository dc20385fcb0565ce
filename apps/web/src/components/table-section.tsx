import type { ReactNode } from 'react';
import { Empty, Flex, Table, Typography, type TableColumnsType, type TableProps } from 'antd';

export interface TableSectionProps<T> {
  title: string;
  rowKey: TableProps<T>['rowKey'];
  columns: TableColumnsType<T>;
  rows: readonly T[];
  /** What the table says without rows. */
  emptyText: ReactNode;
  testId: string;
  expandable?: TableProps<T>['expandable'];
}

/** A titled, unpaged small table inside a detail view (an order's bills, its refunds, a top-up's callbacks). */
export function TableSection<T extends object>({
  title,
  rowKey,
  columns,
  rows,
  emptyText,
  testId,
  expandable,
}: TableSectionProps<T>) {
  return (
    <Flex vertical gap="small">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <Table<T>
        rowKey={rowKey}
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={expandable}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
        data-testid={testId}
      />
    </Flex>
  );
}
