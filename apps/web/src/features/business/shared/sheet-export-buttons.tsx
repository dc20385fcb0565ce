import { Button } from 'antd';
import { HasPermi } from '../../../components/access-guards';
import type { SheetFormat } from '../../system/sheet-export';

interface SheetExporter<F> {
  exporting: boolean;
  exportAs: (filter: Partial<F>, format?: SheetFormat) => Promise<unknown>;
}

/**
 * An operators' list's XLSX and CSV export buttons, shown only with the export permission and
 * disabled while nothing matches (a file of titles alone says nothing). Both take the list's filter.
 */
export function SheetExportButtons<F extends object>({
  permission,
  exporter,
  filter,
  total,
  labels,
  testId,
}: {
  permission: string;
  exporter: SheetExporter<F>;
  filter: Partial<F>;
  total: number | undefined;
  labels: { xlsx: string; csv: string };
  /** The XLSX button's test id; the CSV one is `<testId>-csv`. */
  testId: string;
}) {
  return (
    <HasPermi value={[permission]}>
      <Button
        type="primary"
        disabled={!total}
        loading={exporter.exporting}
        onClick={() => void exporter.exportAs(filter, 'xlsx')}
        data-testid={testId}
      >
        {labels.xlsx}
      </Button>
      <Button
        disabled={!total}
        loading={exporter.exporting}
        onClick={() => void exporter.exportAs(filter, 'csv')}
        data-testid={`${testId}-csv`}
      >
        {labels.csv}
      </Button>
    </HasPermi>
  );
}
