import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { RecordListEmpty } from '../../../components/list-empty';

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
      texts={{
        loadFailed: t('page.loadFailed'),
        retry: t('action.retry'),
        emptyFiltered: t('page.emptyFiltered'),
        empty: t('page.empty'),
        emptyHint: t('page.emptyHint'),
      }}
    >
      <Button type="primary" icon={<PlusOutlined />} onClick={onBuy} data-testid="office-sites-empty-buy">
        {t('action.buy')}
      </Button>
    </RecordListEmpty>
  );
}
