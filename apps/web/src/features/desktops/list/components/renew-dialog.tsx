import { Alert, App } from 'antd';
import type { Desktop } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { PayFooter } from '../../../../components/pay-footer';
import { formatDateTime } from '../../../../lib/format-time';
import { renewedUntil } from '../../../../lib/renewal';
import { payForIntent } from '../../../../lib/pay-intent';
import { useRenewalPrice, useRenewDesktop } from '../../api/desktops-renew';
import { renewBlock } from '../desktop-rules';
import type { IntentKeys } from '../../../../lib/idempotency';
import { QuoteShortfall, useBalanceCheck } from '../../../wallet/components/balance-check';
import { DesktopDialog, DialogTargets } from './desktop-dialog';
import {
  RenewalTerms,
  useRenewalPayText,
  useRenewalTerm,
} from '../../../../components/purchase/renewal-quote';

export { renewedUntil };

/** Why this desktop cannot be renewed (a gift, or pay-as-you-go), instead of a payment. */
function RenewBlocked({ reason }: { reason: 'gift' | 'payg' }) {
  const { t } = useTranslation('desktops');
  return (
    <Alert
      type="info"
      showIcon
      title={t(`list.renew.blocked.${reason}`)}
      description={t(`list.renew.blockedHint.${reason}`)}
      data-testid="desktop-renew-blocked"
    />
  );
}

/**
 * Renew a subscription (PUT /user/desktop/{desktop_id}/renew): the period with its discount, the
 * price from GET /renewal_price shown before anything is paid, the balance checked against it.
 */
export function RenewDialog({
  desktop,
  keys,
  onClose,
}: {
  desktop: Desktop;
  /** The page's payment keys: a retry after a lost answer reuses its key. */
  keys: IntentKeys;
  onClose: () => void;
}) {
  const { t } = useTranslation('desktops');
  const { message } = App.useApp();
  const block = renewBlock(desktop);
  const term = useRenewalTerm((periods) => periods);
  const { period } = term;
  const price = useRenewalPrice(desktop, block ? undefined : period);
  const quote = price.data?.period === period ? price.data : undefined;
  const balance = useBalanceCheck(quote?.payable_price);
  const renew = useRenewDesktop();
  const payText = useRenewalPayText('desktops', block !== null, quote);

  const pay = () => {
    if (period === undefined || !quote) return;
    payForIntent({
      keys,
      intent: { desktop: desktop.desktop_id, period },
      mutate: renew.mutate,
      variables: (idempotencyKey) => ({ desktopId: desktop.desktop_id, period, idempotencyKey }),
      onPaid: (answer) => {
        void message.success(t('list.renew.done', { until: formatDateTime(answer.desktop.expire_time) }));
        onClose();
      },
      onRefused: balance.refresh,
    });
  };

  const footer = (
    <PayFooter
      cancelText={t('list.dialog.cancel')}
      onCancel={onClose}
      payText={payText}
      onPay={pay}
      paying={renew.isPending}
      disabled={!quote || balance.short}
      payTestId="desktop-renew-pay"
    />
  );

  return (
    <DesktopDialog
      open
      title={t('list.renew.title')}
      onClose={onClose}
      footer={footer}
      testId="desktop-renew"
    >
      <DialogTargets desktops={[desktop]} />
      {block ? (
        <RenewBlocked reason={block} />
      ) : (
        <RenewalTerms
          ns="desktops"
          term={term}
          periodLabel={(months) => t('list.renew.months', { count: months })}
          expiresAt={desktop.expire_time}
          quote={quote}
          loading={price.isFetching && !quote}
          balance={balance.balance}
          shortfall={<QuoteShortfall check={balance} payable={quote?.payable_price} />}
          testId="desktop-renew"
        />
      )}
    </DesktopDialog>
  );
}
