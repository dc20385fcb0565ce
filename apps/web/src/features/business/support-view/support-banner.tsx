import { useState } from 'react';
import { Alert, Button } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { logOut } from '../../../lib/session';
import { endSupportTab } from '../../../lib/storage';
import { useSupportView } from './support-view-store';

/** Ends the support session (POST /logout) and gives the tab back: closed, else the operator's console. */
async function endSupportView(): Promise<void> {
  try {
    await logOut();
  } finally {
    endSupportTab();
    window.close();
    // A tab the script did not open cannot be closed: show the operator's own console there.
    window.location.assign('/');
  }
}

/**
 * The console's banner in a read-only support session: who is viewing whose console. It cannot be
 * dismissed (the operator must always know the view is the customer's); End ends the session.
 */
export function SupportBanner() {
  const view = useSupportView();
  const { t } = useTranslation('supportView');
  const [ending, setEnding] = useState(false);
  if (!view) return null;
  return (
    <Alert
      banner
      type="warning"
      icon={<EyeOutlined />}
      data-testid="support-banner"
      title={t('banner', {
        operator: view.operatorNickname
          ? `${view.operatorNickname} (${view.operatorEmail})`
          : view.operatorEmail,
        customer: view.customerEmail,
      })}
      action={
        <Button
          size="small"
          danger
          loading={ending}
          data-testid="support-banner-end"
          onClick={() => {
            setEnding(true);
            void endSupportView().finally(() => setEnding(false));
          }}
        >
          {t('end')}
        </Button>
      }
    />
  );
}
