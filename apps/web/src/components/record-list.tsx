import { useState, type ReactNode } from 'react';
import { Card, Flex, type TableColumnsType, type TableProps } from 'antd';
import { useColumnChoice } from '../lib/use-column-choice';
import type { ListFilter } from '../lib/use-list-filter';
import { CardToolbar } from './card-toolbar';
import { ExportButton } from './export-button';
import { LazyTable } from './lazy-table';
import { Pagination } from './pagination';
import { TableToolbar } from './table-toolbar';

/** What a list's query (TanStack Query, `keepPreviousData`) gives the list. */
export interface RecordListQuery<T> {
  data?: { list: T[]; total: number };
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

/** A list's CSV export with its running state (`useCsvExport`). */
export interface RecordListExport<F> {
  exporting: boolean;
  exportCsv: (filter: Partial<F>) => Promise<unknown>;
}

export interface RecordListProps<T, F> {
  /** The search form, in a card of its own above the list while the toolbar shows it. */
  search: ReactNode;
  query: RecordListQuery<T>;
  /** The filters and page the list is shown with; the export takes the same filters. */
  list: ListFilter<F>;
  /** Every column; the toolbar lets the reader hide some. */
  columns: TableColumnsType<T>;
  rowKey: TableProps<T>['rowKey'];
  /** What the table shows without rows (no records yet, nothing matches, the load failed). */
  emptyText: ReactNode;
  /** The list's own buttons (e.g. Buy), at the left of the toolbar. */
  actions?: ReactNode;
  /** The CSV export, after `actions`; a list without one leaves it out. */
  exporter?: RecordListExport<F>;
  tableTestId: string;
  exportTestId?: string;
  /** Keys of the columns that start hidden (the toolbar's column choice shows them). */
  initiallyHiddenColumns?: readonly string[];
  /** Rows the reader may select, for `actions` that work on a selection. */
  rowSelection?: TableProps<T>['rowSelection'];
  /** Rows that open to show what they hold (a phone network's addresses). */
  expandable?: TableProps<T>['expandable'];
  /** Another view of the rows (cards, thumbnails), shown in place of the table when given. */
  view?: ReactNode;
}

/** Phones (antd's xs, below 576 px): an open search form would fill the whole first screen. */
const PHONE_QUERY = '(max-width: 575.98px)';
const onPhone = () => typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;

/**
 * A list the server filters and pages (bills, orders, top-up records, office networks): the search
 * card, then a card with the list's buttons and the toolbar above the table and the pager under it.
 */
export function RecordList<T extends object, F extends object>({
  search,
  query,
  list,
  columns: definitions,
  rowKey,
  emptyText,
  actions,
  exporter,
  tableTestId,
  exportTestId = 'export',
  rowSelection,
  expandable,
  initiallyHiddenColumns,
  view,
}: RecordListProps<T, F>) {
  // On a phone the form starts folded; the toolbar's search button opens it.
  const [showSearch, setShowSearch] = useState(() => !onPhone());
  const { choice, onChange, columns } = useColumnChoice(definitions, initiallyHiddenColumns);
  const total = query.data?.total ?? 0;
  const refresh = () => void query.refetch();

  return (
    <>
      {/* A list without filters (search null) has no search card. */}
      {showSearch && search ? <Card>{search}</Card> : null}
      <Card>
        <CardToolbar>
          <Flex gap="small" wrap>
            {actions}
            {exporter ? (
              <ExportButton
                total={total}
                exporting={exporter.exporting}
                onExport={() => void exporter.exportCsv(list.filter)}
                testId={exportTestId}
              />
            ) : null}
          </Flex>
          <TableToolbar
            showSearch={showSearch}
            onToggleSearch={setShowSearch}
            onRefresh={refresh}
            columns={choice}
            onColumnsChange={onChange}
          />
        </CardToolbar>
        {view ?? (
          <LazyTable<T>
            rowKey={rowKey}
            columns={columns}
            dataSource={query.data?.list ?? []}
            // A first load, or a new page or filter while the previous rows stay on screen.
            loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
            rowSelection={rowSelection}
            expandable={expandable}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText }}
            data-testid={tableTestId}
          />
        )}
        <Pagination
          total={total}
          page={list.page}
          limit={list.limit}
          onChange={list.setPage}
          hidden={!total}
        />
      </Card>
    </>
  );
}
