import { useTranslation } from 'react-i18next';
import { BatchResultDialog, type BatchReport } from '../../../../components/batch-result-dialog';

/** The shared batch report in the phones' words. */
export function PhoneBatchResultDialog(props: { report: BatchReport | undefined; onClose: () => void }) {
  const { t } = useTranslation('phones');
  return (
    <BatchResultDialog
      {...props}
      texts={{
        title: (action) => t('list.result.title', { action }),
        partial: t('list.result.partial'),
        allFailed: t('list.result.allFailed'),
        counts: (succeeded, failed) => t('list.result.counts', { succeeded, failed }),
        name: t('list.result.name'),
        outcome: t('list.result.outcome'),
        ok: t('list.result.ok'),
        failed: t('list.result.failed'),
        message: t('list.result.message'),
        close: t('list.result.close'),
      }}
      testIdPrefix="phone"
    />
  );
}
