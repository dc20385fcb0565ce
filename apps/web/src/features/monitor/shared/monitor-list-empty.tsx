import { useTranslation } from 'react-i18next';
import { RecordListEmpty } from '../../../components/list-empty';
import { isFiltered } from '../../../lib/date-range';

/** The monitor namespaces whose lists keep their empty-state texts under one key with the same five leaves. */
type EmptyTexts = { ns: 'monitorOnline'; group: 'empty' } | { ns: 'monitorJob'; group: 'empty' | 'logEmpty' };

/**
 * A monitor list's empty state (load failed, nothing matches, none yet) from its namespace's
 * `<group>.failed|retry|filtered|none|hint` texts.
 */
export function MonitorListEmpty({
  texts,
  query,
  filter,
  testIdPrefix,
}: {
  texts: EmptyTexts;
  query: { isError: boolean; refetch: () => unknown };
  filter: object;
  testIdPrefix: string;
}) {
  const { t } = useTranslation(texts.ns);
  // Every group named by EmptyTexts has the five keys (locales.test keeps both languages alike).
  const text = t as unknown as (key: string) => string;
  const key = (leaf: string) => text(`${texts.group}.${leaf}`);
  return (
    <RecordListEmpty
      failed={query.isError}
      filtered={isFiltered(filter)}
      onRetry={() => void query.refetch()}
      texts={{
        loadFailed: key('failed'),
        retry: key('retry'),
        emptyFiltered: key('filtered'),
        empty: key('none'),
        emptyHint: key('hint'),
      }}
      testIdPrefix={testIdPrefix}
    />
  );
}
