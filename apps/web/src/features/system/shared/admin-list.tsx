import type { ReactNode } from 'react';
import { Flex, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { RecordListEmpty } from '../../../components/list-empty';
import { PageHeading } from '../../../components/page-heading';
import { RecordList, type RecordListQuery } from '../../../components/record-list';
import { SearchForm } from '../../../components/search-form';
import { isFiltered } from '../../../lib/date-range';
import type { ListFilter } from '../../../lib/use-list-filter';

/** The list's search card: its fields and how their values become the list's filters. */
export interface AdminSearch<V, F> {
  testId: string;
  toFilter: (values: V) => Partial<F>;
  /** `TextField`, `SelectField`, `DateRangeField`… named after the keys of `V`. */
  fields: ReactNode;
}

export interface AdminListProps<T, F, V> {
  title: ReactNode;
  subtitle: ReactNode;
  search: AdminSearch<V, F>;
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
export function AdminList<T extends object, F extends object, V = F>({
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
}: AdminListProps<T, F, V>) {
  const { t } = useTranslation('systemShared');
  return (
    <Flex vertical gap="large" data-testid={testId}>
      <PageHeading title={title} subtitle={subtitle} extra={heading} />
      <RecordList
        search={
          <SearchForm<V>
            fieldWidth={200}
            testId={search.testId}
            onSearch={(values) => list.applyFilter(search.toFilter(values))}
            onReset={() => list.applyFilter({})}
          >
            {search.fields}
          </SearchForm>
        }
        query={query}
        list={list}
        columns={columns}
        rowKey={rowKey}
        actions={actions}
        tableTestId={`${testId}-table`}
        emptyText={
          <RecordListEmpty
            failed={query.isError}
            filtered={isFiltered(list.filter)}
            onRetry={() => void query.refetch()}
            testIdPrefix={testId}
            texts={{
              loadFailed: t('loadFailed'),
              retry: t('retry'),
              emptyFiltered: t('emptyFiltered'),
              empty: t('empty'),
              emptyHint: t('emptyHint'),
            }}
          />
        }
      />
      {children}
    </Flex>
  );
}
