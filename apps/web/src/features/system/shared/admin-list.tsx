import type { ReactNode } from 'react';
import { Flex, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { RecordList, type RecordListQuery } from '../../../components/record-list';
import type { ListFilter } from '../../../lib/use-list-filter';
import { AdminListEmpty } from './list-empty';

export interface AdminListProps<T, F> {
  title: ReactNode;
  subtitle: ReactNode;
  search: ReactNode;
  query: RecordListQuery<T> & { isError: boolean };
  list: ListFilter<F>;
  columns: TableColumnsType<T>;
  rowKey: string;
  actions?: ReactNode;
  /** The page's test id; the table is `<testId>-table`, its empty states `<testId>-empty`/`-error`. */
  testId: string;
  /** Under the heading, e.g. the dictionary a data page belongs to. */
  heading?: ReactNode;
  children?: ReactNode;
}

/** An operators' list page: heading, search card, the list with its empty, failed and filtered states. */
export function AdminList<T extends object, F extends object>({
  title,
  subtitle,
  search,
  query,
  list,
  columns,
  rowKey,
  actions,
  testId,
  heading,
  children,
}: AdminListProps<T, F>) {
  const { t } = useTranslation('systemShared');
  return (
    <Flex vertical gap="large" data-testid={testId}>
      <PageHeading title={title} subtitle={subtitle} extra={heading} />
      <RecordList
        search={search}
        query={query}
        list={list}
        columns={columns}
        rowKey={rowKey}
        actions={actions}
        tableTestId={`${testId}-table`}
        emptyText={
          <AdminListEmpty query={query} filter={list.filter} text={(key) => t(key)} testIdPrefix={testId} />
        }
      />
      {children}
    </Flex>
  );
}
