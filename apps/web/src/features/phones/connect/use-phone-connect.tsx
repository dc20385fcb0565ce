/**
 * Connect to a phone: a single-use connection ticket opens the cloud's phone screen in a new tab
 * (opened at the click, `openPendingTab`). A refusal (the phone stopped meanwhile) closes the tab
 * and says why; a blocked tab gets the link in a dialog instead.
 */
import { App } from 'antd';
import type { Phone } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { offerBlockedTabLink } from '../../../components/blocked-tab-link';
import { openPendingTab } from '../../../lib/pending-tab';
import { usePhoneTicket } from '../api/phone-connect';

export function usePhoneConnect() {
  const { t } = useTranslation('phoneConnect');
  const { modal, message } = App.useApp();
  const ticket = usePhoneTicket();

  const offerLink = (url: string) =>
    offerBlockedTabLink(modal, {
      url,
      texts: { title: t('blockedTitle'), hint: t('blocked'), open: t('openLink'), close: t('close') },
      testId: 'phone-connect-link',
    });

  const connect = (phone: Pick<Phone, 'id' | 'name'>) => {
    const tab = openPendingTab();
    ticket.mutate(phone.id, {
      onSuccess: (entry) => {
        if (!entry.ok || !entry.connect_url) {
          tab.close();
          void message.error(entry.message ?? t('loadFailed'));
          return;
        }
        if (!tab.go(entry.connect_url)) {
          offerLink(entry.connect_url);
          return;
        }
        void message.success(t('opened', { name: phone.name }));
      },
      onError: () => tab.close(),
    });
  };

  /** The phone whose ticket is on its way, for its button's spinner. */
  const connectingId = ticket.isPending ? ticket.variables : undefined;
  return { connect, connectingId };
}
