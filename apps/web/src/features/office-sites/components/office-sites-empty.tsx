import { Button, Empty, Flex, theme } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ListEmpty } from '../../../components/list-empty';

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
export function OfficeSitesEmpty({ failed, filtered, onRetry, onBuy }: OfficeSitesEmptyProps) {
  const { t } = useTranslation('officeSites');
  const { token } = theme.useToken();
  if (failed) {
    return (
      <ListEmpty description={t('page.loadFailed')} testId="office-sites-error">
        <Button onClick={onRetry}>{t('action.retry')}</Button>
      </ListEmpty>
    );
  }
  if (filtered) return <ListEmpty description={t('page.emptyFiltered')} testId="office-sites-empty" />;
  return (
    <Empty
      description={
        <Flex vertical gap={4} align="center">
          <span style={{ color: token.colorText, fontWeight: token.fontWeightStrong }}>
            {t('page.empty')}
          </span>
          <span style={{ color: token.colorTextSecondary, maxWidth: 460 }}>{t('page.emptyHint')}</span>
        </Flex>
      }
      data-testid="office-sites-empty"
    >
      <Button type="primary" icon={<PlusOutlined />} onClick={onBuy} data-testid="office-sites-empty-buy">
        {t('action.buy')}
      </Button>
    </Empty>
  );
}
