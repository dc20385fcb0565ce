import { useState } from 'react';
import { Alert, App, Descriptions, Flex, Form, Modal } from 'antd';
import type { OfficeSite } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-time';
import { useCurrentUser } from '../../../lib/session';
import { useTopupFlow } from '../../wallet/components/topup-flow';
import { useUpgradeOfficeSite, useUpgradePrice } from '../api/upgrade-office-site';
import { useIntentKeys } from '../../../lib/idempotency';
import { failureReason } from '../failure-reason';
import { upgradeRange } from '../office-site-rules';
import { shortfall } from '../../../lib/money';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { BalanceShortfall } from '../../wallet/components/balance-shortfall';
import { BandwidthField } from './bandwidth-field';
import { PricedFooter } from './price-summary';

const SECONDS_PER_DAY = 86_400;
/** The first choice offered: ten more Mbps (or the maximum). */
const DEFAULT_STEP_MBPS = 10;

interface UpgradeValues {
  bandwidth?: number | null;
}

/** Whether `value` is a bandwidth the network may be raised to. */
function isUpgradeOf(site: Pick<OfficeSite, 'bandwidth'>, value: unknown): value is number {
  const { min, max } = upgradeRange(site);
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

export interface UpgradeDialogProps {
  site: OfficeSite;
  open: boolean;
  onClose: () => void;
}

/**
 * Raising a paid network's bandwidth for the rest of its term: any whole Mbps above the current
 * one up to the maximum, priced by GET …/upgrade_price (prorated to the expiry), charged by PUT
 * …/upgrade with one Idempotency-Key per intent. Paying waits until the price shown is the quote
 * of the bandwidth as typed.
 */
export function UpgradeDialog({ site, open, onClose }: UpgradeDialogProps) {
  const { t } = useTranslation('officeSites');
  const { message } = App.useApp();
  const [form] = Form.useForm<UpgradeValues>();
  const { max } = upgradeRange(site);
  const user = useCurrentUser();
  const topup = useTopupFlow();
  const upgrade = useUpgradeOfficeSite();
  const intent = useIntentKeys();
  const [failure, setFailure] = useState<string>();

  const bandwidth = Form.useWatch('bandwidth', form);
  const settled = useDebouncedValue(bandwidth);
  const asked = isUpgradeOf(site, settled) ? settled : undefined;
  const quote = useUpgradePrice(site.office_site_id, open ? asked : undefined);
  const shownPrice = asked !== undefined && quote.data ? quote.data.payable_price : undefined;
  // The last price stays on screen while the next loads; only the quote of the bandwidth as typed
  // (not a placeholder, not on its way) may be paid or compared with the balance.
  const quoted =
    asked !== undefined &&
    asked === bandwidth &&
    quote.data !== undefined &&
    !quote.isPlaceholderData &&
    !quote.isFetching &&
    quote.data.new_bandwidth === bandwidth;
  const price = quoted ? quote.data.payable_price : undefined;
  const lacking = shortfall(user.data?.balance, price) !== null;
  const days = quote.data ? Math.ceil(quote.data.remaining_seconds / SECONDS_PER_DAY) : undefined;

  const submit = async () => {
    setFailure(undefined);
    let values: UpgradeValues;
    try {
      values = await form.validateFields();
    } catch {
      void message.error(t('form.invalid'));
      return;
    }
    const request = { id: site.office_site_id, bandwidth: values.bandwidth! };
    // Never charge for a bandwidth other than the one priced on screen.
    if (!quoted || request.bandwidth !== asked) return;
    upgrade.mutate(
      { ...request, key: intent.keyFor(request) },
      {
        onSuccess: (result) => {
          intent.settle(request);
          void message.success(t('upgrade.succeeded', { bandwidth: result.office_site.bandwidth }));
          onClose();
        },
        onError: (error) => {
          intent.settle(request, error);
          setFailure(failureReason(error));
        },
      },
    );
  };

  const footer = (
    <PricedFooter
      label={t('upgrade.price')}
      price={shownPrice}
      note={
        days !== undefined && shownPrice !== undefined ? t('upgrade.prorated', { count: days }) : undefined
      }
      loading={quote.isFetching || settled !== bandwidth}
      testId="office-upgrade-price"
      payable={quoted}
      onCancel={onClose}
      onSubmit={() => void submit()}
      submitting={upgrade.isPending}
      submitText={t('upgrade.submit')}
      submitTestId="office-upgrade-submit"
    />
  );

  return (
    <Modal
      open={open}
      title={t('upgrade.title')}
      onCancel={onClose}
      footer={footer}
      width={600}
      mask={{ closable: false }}
      data-testid="office-upgrade-dialog"
    >
      <Flex vertical gap="middle" style={{ paddingBlock: 8 }}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 'name', label: t('field.name'), children: site.name },
            { key: 'current', label: t('upgrade.current'), children: `${site.bandwidth} Mbps` },
            {
              key: 'expire',
              label: t('column.expireTime'),
              children: formatDateTime(site.expire_time) || '—',
            },
          ]}
        />
        <Form<UpgradeValues>
          form={form}
          layout="vertical"
          initialValues={{ bandwidth: Math.min(site.bandwidth + DEFAULT_STEP_MBPS, max) }}
          onValuesChange={() => setFailure(undefined)}
        >
          <Form.Item
            name="bandwidth"
            label={t('upgrade.newBandwidth')}
            extra={t('upgrade.hint', { current: site.bandwidth, max })}
            style={{ marginBottom: 0 }}
            rules={[
              {
                validator: (_, value: unknown) => {
                  if (isUpgradeOf(site, value)) return Promise.resolve();
                  const notHigher = typeof value === 'number' && value <= site.bandwidth;
                  return Promise.reject(
                    new Error(
                      notHigher
                        ? t('form.notHigher', { current: site.bandwidth })
                        : t('form.bandwidthRange', { min: site.bandwidth + 1, max }),
                    ),
                  );
                },
              },
            ]}
          >
            <BandwidthField min={site.bandwidth} max={max} testId="office-upgrade-bandwidth" />
          </Form.Item>
        </Form>
        {quote.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('upgrade.priceFailed')}
            data-testid="office-upgrade-price-failed"
          />
        ) : null}
        <BalanceShortfall balance={user.data?.balance} price={price} onTopup={topup.start} />
        {failure && !lacking ? (
          <Alert
            type="error"
            showIcon
            title={t('upgrade.failed')}
            description={failure}
            data-testid="office-upgrade-failed"
          />
        ) : null}
      </Flex>
      {topup.flow}
    </Modal>
  );
}
