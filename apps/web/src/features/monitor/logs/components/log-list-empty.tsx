import { useTranslation } from 'react-i18next';
import { RecordListEmpty } from '../../../../components/list-empty';
import { isFiltered } from '../../../../lib/date-range';

/** What either log's table shows without rows: none yet, nothing matches, or the load failed. */
export function LogListEmpty(props: {
  failed: boolean;
  filter: object;
  onRetry: () => void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation('monitorLogs');
  return (
    <RecordListEmpty
      failed={props.failed}
      filtered={isFiltered(props.filter)}
      onRetry={props.onRetry}
      testIdPrefix={props.testIdPrefix}
      texts={{
        loadFailed: t('page.loadFailed'),
        retry: t('page.retry'),
        emptyFiltered: t('page.emptyFiltered'),
        empty: t('page.empty'),
        emptyHint: t('page.emptyHint'),
      }}
    />
  );
}
