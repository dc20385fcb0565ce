import type { ReactNode } from 'react';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { RecordList, type RecordListQuery } from '../../../../components/record-list';
import type { ListFilter } from '../../../../lib/use-list-filter';
import { AdminListEmpty } from '../../../system/shared/list-empty';
import { AddRecordButton } from '../../../system/shared/row-actions';
import type { ContentFilter } from '../api/content-api';

/** A content tab's list: its search card, the table with its empty states, and Add (`business:content:add`). */
export function ContentList<T extends object>({
  search,
  query,
  list,
  columns,
  rowKey,
  onAdd,
  testId,
}: {
  search: ReactNode;
  query: RecordListQuery<T> & { isError: boolean };
  list: ListFilter<ContentFilter>;
  columns: TableColumnsType<T>;
  rowKey: string;
  onAdd: () => void;
  /** The table is `<testId>-table`, Add `<testId>-add`. */
  testId: string;
}) {
  const { t } = useTranslation('systemShared');
  return (
    <RecordList
      search={search}
      query={query}
      list={list}
      columns={columns}
      rowKey={rowKey}
      actions={<AddRecordButton permission="business:content" onClick={onAdd} testId={`${testId}-add`} />}
      tableTestId={`${testId}-table`}
      emptyText={
        <AdminListEmpty query={query} filter={list.filter} text={(key) => t(key)} testIdPrefix={testId} />
      }
    />
  );
}
