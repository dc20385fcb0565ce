import { Button } from 'antd';
import { WalletOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useTopupFlow } from './topup-flow';

/** The top bar's top-up button (spec §2), its first item: text on desktops, an icon on phones. */
export function TopupButton() {
  const { t } = useTranslation('wallet');
  const isMobile = useIsMobile();
  const { start, flow, prefetch } = useTopupFlow();
  return (
    <>
      <Button
        type="primary"
        icon={<WalletOutlined />}
        onClick={start}
        onMouseEnter={prefetch}
        onFocus={prefetch}
        aria-label={t('button.topup')}
        style={{ marginInlineEnd: 8 }}
        data-testid="topup-open"
      >
        {isMobile ? null : t('button.topup')}
      </Button>
      {flow}
    </>
  );
}
