/**
 * Connect to a desktop: a connection ticket (POST /user/wy_auth/get_login_token) opens the cloud's
 * connection page in a new tab, opened at the click (`openPendingTab`). If it was blocked all the
 * same, a dialog offers the link instead.
 */
import { App } from 'antd';
import type { Desktop } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { offerBlockedTabLink } from '../../../components/blocked-tab-link';
import { openPendingTab } from '../../../lib/pending-tab';
import { useClientDownloadUrl, useLoginToken } from '../api/desktops-connect';

export function useConnect() {
  const { t } = useTranslation('desktops');
  const { modal, message } = App.useApp();
  const ticket = useLoginToken();
  const clientUrl = useClientDownloadUrl();

  const offerLink = (url: string) =>
    offerBlockedTabLink(modal, {
      url,
      texts: {
        title: t('list.connect.blockedTitle'),
        hint: t('list.connect.blocked'),
        open: t('list.connect.open'),
        close: t('list.dialog.close'),
      },
      testId: 'desktop-connect-link',
      extra: clientUrl.data ? (
        <p style={{ marginTop: 12 }}>
          <a href={clientUrl.data} target="_blank" rel="noreferrer">
            {t('list.downloadClient')}
          </a>
        </p>
      ) : null,
    });

  return (desktop: Desktop) => {
    const tab = openPendingTab();
    ticket.mutate(desktop.desktop_id, {
      onSuccess: ({ connect_url }) => {
        if (!tab.go(connect_url)) {
          offerLink(connect_url);
          return;
        }
        void message.success(t('list.connect.opened', { name: desktop.name }));
      },
      onError: () => tab.close(),
    });
  };
}
