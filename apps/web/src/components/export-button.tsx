import { Button, Tooltip } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { EXPORT_MAX_ROWS } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../lib/i18n';

export interface ExportButtonProps {
  /** The list's total under its current filters: nothing to export disables the button. */
  total: number;
  exporting: boolean;
  onExport: () => void;
  testId?: string;
}

/** A list's CSV export: what it does and its row cap in a tooltip, disabled while nothing matches. */
export function ExportButton({ total, exporting, onExport, testId }: ExportButtonProps) {
  const { t } = useTranslation('kit');
  const hint = total
    ? t('export.hint', { max: EXPORT_MAX_ROWS.toLocaleString(currentLanguage()) })
    : t('export.nothing');
  return (
    <Tooltip title={hint}>
      <Button
        icon={<DownloadOutlined />}
        loading={exporting}
        // Nothing matches: a file of headers only would say nothing.
        disabled={!total}
        onClick={onExport}
        data-testid={testId}
      >
        {t('export.button')}
      </Button>
    </Tooltip>
  );
}
