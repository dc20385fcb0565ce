import {
  BatchResultDialog,
  useBatchResultTexts,
  type BatchReport,
} from '../../../../components/batch-result-dialog';

/** The shared batch report in the phones' words. */
export function PhoneBatchResultDialog(props: { report: BatchReport | undefined; onClose: () => void }) {
  return <BatchResultDialog {...props} texts={useBatchResultTexts('phones')} testIdPrefix="phone" />;
}
