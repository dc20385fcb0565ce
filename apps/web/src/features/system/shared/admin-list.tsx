import type { ReactNode } from 'react';
import { Flex, type TableColumnsType, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { RecordList, type RecordListQuery } from '../../../components/record-list';
import { SearchForm } from '../../../components/search-form';
import { formatDateTime } from '../../../lib/format-time';
import type { ListFilter } from '../../../lib/use-list-filter';
import { useConfirmDelete } from './confirm';
import { AdminListEmpty } from './list-empty';
import { RowActions } from './row-actions';

/**
 * An operators' list's search card: the fields, then Search (the list filtered by `toFilter` of the
 * values, from its first page) and Reset (every filter cleared, or back to `resetTo`).
 */
export function AdminSearch<V, F extends object>({
  list,
  toFilter,
  resetTo = {},
  testId,
  children,
}: {
  list: Pick<ListFilter<F>, 'applyFilter'>;
  toFilter: (values: V) => Partial<F>;
  /** The filter Reset leaves (e.g. the department chosen in a tree beside the list). */
  resetTo?: Partial<F>;
  /** The form's test id; its buttons get `<testId>-submit` and `<testId>-reset`. */
  testId: string;
  children: ReactNode;
}) {
  return (
    <SearchForm<V>
      fieldWidth={200}
      testId={testId}
      onSearch={(values) => list.applyFilter(toFilter(values))}
      onReset={() => list.applyFilter(resetTo)}
    >
      {children}
    </SearchForm>
  );
}

/**
 * A list's creation (or login) time, on one line. A `secondary` one is left out below antd's xxl
 * (1600 px), where the sidebar leaves the table too little room for it beside the row's own columns.
 */
export function timeColumn<T>(
  key: string,
  title: ReactNode,
  timeOf: (row: T) => string,
  { secondary = false, seconds = false }: { secondary?: boolean; seconds?: boolean } = {},
): TableColumnType<T> {
  return {
    key,
    title,
    ...(secondary ? { responsive: ['xxl'] } : {}),
    render: (_, row) => (
      <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(timeOf(row), { seconds })}</span>
    ),
  };
}

/** A list's row actions, last and fixed at the right so they stay in reach when the table scrolls. */
export function actionsColumn<T>(title: ReactNode, render: (row: T) => ReactNode): TableColumnType<T> {
  return { key: 'actions', title, fixed: 'right', render: (_, row) => render(row) };
}

export interface AdminListProps<T, F> {
  /** The page's heading; a list inside a tab leaves both out (the page has one). */
  title?: ReactNode;
  subtitle?: ReactNode;
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
  /** The empty list's hint when the page has no Add (the shared one says to click Add). */
  emptyHint?: string;
  children?: ReactNode;
}

/**
 * The actions column of a list of records an operator edits and deletes (settings, dictionaries,
 * announcements): Edit, and Delete after a confirmation naming the record unless it is built in.
 */
export function useEditDeleteColumn<T>({
  title,
  permission,
  testId,
  onEdit,
  nameOf,
  idOf,
  builtIn = () => false,
  remove,
  extra,
}: {
  title: ReactNode;
  /** `<permission>:edit` and `<permission>:remove` gate the links, e.g. 'system:config'. */
  permission: string;
  testId: string;
  onEdit: (row: T) => void;
  /** What the confirmation names. */
  nameOf: (row: T) => string;
  idOf: (row: T) => number;
  /** A built-in record has no Delete. */
  builtIn?: (row: T) => boolean;
  remove: { mutateAsync: (ids: number[]) => Promise<unknown> };
  /** More links before Edit. */
  extra?: (row: T) => ReactNode;
}): TableColumnType<T> {
  const confirmDelete = useConfirmDelete();
  return actionsColumn(title, (row) => (
    <RowActions
      permission={permission}
      testId={testId}
      onEdit={() => onEdit(row)}
      onDelete={
        builtIn(row)
          ? undefined
          : () => void confirmDelete(nameOf(row), () => remove.mutateAsync([idOf(row)]))
      }
    >
      {extra?.(row)}
    </RowActions>
  ));
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
  emptyHint,
  children,
}: AdminListProps<T, F>) {
  const { t } = useTranslation('systemShared');
  return (
    <Flex vertical gap="large" data-testid={testId}>
      {title ? <PageHeading title={title} subtitle={subtitle} extra={heading} /> : null}
      <RecordList
        search={search}
        query={query}
        list={list}
        columns={columns}
        rowKey={rowKey}
        actions={actions}
        tableTestId={`${testId}-table`}
        emptyText={
          <AdminListEmpty
            query={query}
            filter={list.filter}
            text={(key) => (key === 'emptyHint' && emptyHint !== undefined ? emptyHint : t(key))}
            testIdPrefix={testId}
          />
        }
      />
      {children}
    </Flex>
  );
}
