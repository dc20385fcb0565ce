import { useEffect, useState } from 'react';
import { Alert, Button } from 'antd';
import { RollbackOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { withFeatureNamespaces } from '../../../lib/i18n-console';
import { displayName, useCurrentUser } from '../../../lib/session';
import { backToMainAccount, canGoBackToMain } from './sub-account-session';

// The banner's strings are the sub-account page's (their own chunk), asked for on first render:
// the shell, which every console page loads first, carries nothing for them.
let strings: Promise<void> | undefined;
let stringsLoaded = false;
const subAccountStrings = () =>
  (strings ??= withFeatureNamespaces('subAccounts', () => Promise.resolve())().then(() => {
    stringsLoaded = true;
  }));

/** Whether the banner's strings are there; asks for them once. */
function useSubAccountStrings(): boolean {
  const [ready, setReady] = useState(stringsLoaded);
  useEffect(() => {
    if (!ready) void subAccountStrings().then(() => setReady(true));
  }, [ready]);
  return ready;
}

/**
 * The console's banner in a sub-account session (issue 21): whose sub-account this console is.
 * It cannot be dismissed, so a main account that entered one never forgets whose console it is
 * using; "back to main account" ends the sub-account's session and restores its own.
 */
export function SubAccountBanner() {
  const ready = useSubAccountStrings();
  const { t } = useTranslation('subAccounts');
  const user = useCurrentUser().data;
  const [leaving, setLeaving] = useState(false);
  const entered = canGoBackToMain();
  const main = user?.main_account;
  if (!ready) return null;
  const mainName = main ? (main.nickname ? `${main.nickname} (${main.email})` : main.email) : '';
  return (
    <Alert
      banner
      type="info"
      icon={<TeamOutlined />}
      data-testid="sub-account-banner"
      title={t(entered ? 'banner.entered' : 'banner.signedIn', { name: displayName(user), main: mainName })}
      action={
        entered ? (
          <Button
            size="small"
            type="primary"
            icon={<RollbackOutlined />}
            loading={leaving}
            data-testid="sub-account-back"
            onClick={() => {
              setLeaving(true);
              void backToMainAccount().catch(() => setLeaving(false));
            }}
          >
            {t('banner.back')}
          </Button>
        ) : null
      }
    />
  );
}
