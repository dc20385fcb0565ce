import {
  BatchResultDialog,
  useBatchResultTexts,
  type BatchReport,
} from '../../../../components/batch-result-dialog';

/** The shared batch report in the desktops' words. */
export function DesktopBatchResultDialog(props: { report: BatchReport | undefined; onClose: () => void }) {
  return <BatchResultDialog {...props} texts={useBatchResultTexts('desktops')} testIdPrefix="desktop" />;
}
