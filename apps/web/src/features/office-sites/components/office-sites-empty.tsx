import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { recordListTexts, RecordListEmpty } from '../../../components/list-empty';

export interface OfficeSitesEmptyProps {
  failed: boolean;
  filtered: boolean;
  onRetry: () => void;
  onBuy: () => void;
}

/**
 * What the table shows without rows: the load error, no match for the filters, or no network yet
 * — then how the free one comes (with the first cloud computer of a region) and the Buy button.
 */
export function OfficeSitesEmpty({ onBuy, ...state }: OfficeSitesEmptyProps) {
  const { t } = useTranslation('officeSites');
  return (
    <RecordListEmpty
      {...state}
      testIdPrefix="office-sites"
      texts={recordListTexts((key) => (key === 'retry' ? t('action.retry') : t(`page.${key}`)))}
    >
      <Button type="primary" icon={<PlusOutlined />} onClick={onBuy} data-testid="office-sites-empty-buy">
        {t('action.buy')}
      </Button>
    </RecordListEmpty>
  );
}
