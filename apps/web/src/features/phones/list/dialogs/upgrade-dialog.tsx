import { useState } from 'react';
import { Alert, App, Empty, Flex, Radio, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { PayModal } from '../../../../components/pay-footer';
import { PriceSummary } from '../../../../components/price-summary';
import { payForIntent } from '../../../../lib/pay-intent';
import { formatDollars, isPositive } from '../../../../lib/money';
import { QuoteShortfall, useBalanceCheck } from '../../../wallet/components/balance-check';
import { usePhoneSpecs } from '../../api/catalog-ph-spec';
import { usePhoneUpgradePrice, useUpgradePhone } from '../../api/phones-upgrade';
import { specName } from '../../buy/phone-buy-sections';
import { PhoneTargets, type PhonePaymentDialogProps } from './phone-targets';

const DAY_SECONDS = 86_400;

/**
 * Move a phone to another spec of its region (POST /user/ph/phone/{id}/upgrade, Idempotency-Key):
 * the prorated price of GET upgrade_price first; a refusal (less storage) is shown, not payable.
 */
export function UpgradeDialog({ phone, keys, onClose }: PhonePaymentDialogProps) {
  const { t } = useTranslation('phones');
  const { message } = App.useApp();
  const specs = usePhoneSpecs(phone.region_id ?? undefined);
  const others = (specs.data ?? []).filter((spec) => spec.spec_id !== phone.spec_id);
  const current = specs.data?.find((spec) => spec.spec_id === phone.spec_id);
  const [specId, setSpecId] = useState<string>();
  const price = usePhoneUpgradePrice(phone.id, specId);
  const quote = specId !== undefined ? price.data : undefined;
  const balance = useBalanceCheck(quote?.payable_price);
  const upgrade = useUpgradePhone();

  const pay = () => {
    if (!specId || !quote) return;
    payForIntent({
      keys,
      intent: { phone: phone.id, spec: specId, upgrade: true },
      mutate: upgrade.mutate,
      variables: (idempotencyKey) => ({ phoneId: phone.id, specId, idempotencyKey }),
      onPaid: () => {
        void message.success(t('list.upgrade.done'));
        onClose();
      },
      onRefused: balance.refresh,
    });
  };

  const body = () => {
    if (specs.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
    if (!others.length)
      return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.upgrade.noSpecs')} />;
    return (
      <Flex vertical gap="middle">
        <span>
          {t('list.upgrade.current')}: {current ? specName(current) : phone.spec_id}
        </span>
        <Radio.Group
          value={specId}
          onChange={(event) => setSpecId(event.target.value as string)}
          aria-label={t('list.upgrade.target')}
          data-testid="phone-upgrade-specs"
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          options={others.map((spec) => ({
            value: spec.spec_id,
            label: (
              <span data-testid={`phone-upgrade-spec-${spec.spec_id}`}>
                {specName(spec)} ·{' '}
                {t('list.cell.spec', { cpu: spec.cpu, memory: spec.memory, disk: spec.disk })}
              </span>
            ),
          }))}
        />
        {price.isError && specId ? (
          <Alert type="error" showIcon title={t('list.upgrade.failed')} description={price.error.message} />
        ) : null}
        {specId && !price.isError ? (
          <PriceSummary
            lines={[
              ...(quote && quote.billing_method === 'subscription'
                ? [
                    {
                      key: 'remaining',
                      label: t('list.upgrade.remaining'),
                      value: t('list.upgrade.remainingValue', {
                        days: Math.ceil(quote.remaining_seconds / DAY_SECONDS),
                      }),
                    },
                  ]
                : []),
              ...(quote
                ? [
                    {
                      key: 'hourly',
                      label: '',
                      value: t('list.upgrade.hourly', { price: formatDollars(quote.new_hourly_price) }),
                    },
                  ]
                : []),
            ]}
            dueLabel={t('list.upgrade.due')}
            due={quote?.payable_price}
            loading={price.isFetching && !quote}
            testId="phone-upgrade-price"
          />
        ) : null}
        <QuoteShortfall check={balance} payable={quote?.payable_price} />
      </Flex>
    );
  };

  return (
    <PayModal
      title={t('list.upgrade.title')}
      testId="phone-upgrade-dialog"
      cancelText={t('list.confirm.cancel')}
      onCancel={onClose}
      payText={
        !quote
          ? t('list.upgrade.payPending')
          : isPositive(quote.payable_price)
            ? t('list.upgrade.pay', { amount: formatDollars(quote.payable_price) })
            : t('list.upgrade.payFree')
      }
      onPay={pay}
      paying={upgrade.isPending}
      disabled={!quote || price.isFetching || balance.short}
      payTestId="phone-upgrade-pay"
    >
      <PhoneTargets phones={[phone]} />
      {body()}
    </PayModal>
  );
}
