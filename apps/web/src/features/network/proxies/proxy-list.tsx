import type { ReactNode } from 'react';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { recordListTexts, RecordListEmpty } from '../../../components/list-empty';
import { RecordList, type RecordListQuery } from '../../../components/record-list';
import type { ListFilter } from '../../../lib/use-list-filter';

/**
 * Both proxy pages' list: the search card, the table paged by the server, and its empty state
 * (nothing yet with the page's first action, nothing matching, or a failed load with a retry),
 * its texts under `<section>.` of the networkProxies strings.
 */
export function ProxyList<T extends { id: string }, F extends object>({
  section,
  search,
  query,
  list,
  columns,
  firstAction,
  testIdPrefix,
}: {
  section: 'static' | 'own';
  search: ReactNode;
  query: RecordListQuery<T> & { isError: boolean };
  list: ListFilter<F>;
  columns: TableColumnsType<T>;
  firstAction: ReactNode;
  testIdPrefix: string;
}) {
  const { t } = useTranslation('networkProxies');
  const filtered = Object.values(list.filter).some((value) => value !== undefined && value !== '');
  return (
    <RecordList<T, F>
      search={search}
      query={query}
      list={list}
      columns={columns}
      rowKey="id"
      emptyText={
        <RecordListEmpty
          failed={query.isError}
          filtered={filtered}
          onRetry={() => void query.refetch()}
          testIdPrefix={testIdPrefix}
          texts={recordListTexts((key) => t(`${section}.${key}`))}
        >
          {firstAction}
        </RecordListEmpty>
      }
      tableTestId={`${testIdPrefix}-table`}
    />
  );
}
