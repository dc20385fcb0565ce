import { RecordListEmpty } from '../../../components/list-empty';
import { isFiltered } from '../../../lib/date-range';

export type ListEmptyKey = 'loadFailed' | 'retry' | 'emptyFiltered' | 'empty' | 'emptyHint';

/** The empty-state texts every admin list has, from its namespace's strings. */
export function listEmptyTexts(text: (key: ListEmptyKey) => string) {
  return {
    loadFailed: text('loadFailed'),
    retry: text('retry'),
    emptyFiltered: text('emptyFiltered'),
    empty: text('empty'),
    emptyHint: text('emptyHint'),
  };
}

/** A list's empty, failed or nothing-matches state, from its page's strings. */
export function AdminListEmpty(props: {
  query: { isError: boolean; refetch: () => unknown };
  filter: object;
  text: (key: ListEmptyKey) => string;
  testIdPrefix: string;
}) {
  return (
    <RecordListEmpty
      failed={props.query.isError}
      filtered={isFiltered(props.filter)}
      onRetry={() => void props.query.refetch()}
      testIdPrefix={props.testIdPrefix}
      texts={listEmptyTexts(props.text)}
    />
  );
}
