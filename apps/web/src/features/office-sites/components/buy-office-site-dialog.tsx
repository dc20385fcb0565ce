import { useEffect, useState } from 'react';
import { Alert, App, Checkbox, Flex, Form, Input, Modal, Select, Switch, theme } from 'antd';
import type { OfficeSitePurchaseBody, Region } from '@cloudbay/contracts';
import { OFFICE_BANDWIDTH_MAX_MBPS, OFFICE_BANDWIDTH_MIN_MBPS } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { formatDollars, shortfall } from '../../../lib/money';
import { regionName, useAreaList } from '../../../lib/regions';
import { useCurrentUser } from '../../../lib/session';
import { StorageKey, readItem } from '../../../lib/storage';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useTopupFlow } from '../../wallet/components/topup-flow';
import { useBuyOfficeSite } from '../api/buy-office-site';
import { useNetworkCost, type NetworkCostQuery } from '../api/network-cost';
import { useOfficeSiteRegionCount } from '../api/office-site-region-count';
import { usePeriodDiscounts } from '../api/period-discounts';
import { NAME_MAX, nameRule } from '../form-rules';
import { isOutcomeUnknown, type IntentKeys } from '../../../lib/idempotency';
import { failureReason } from '../failure-reason';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { BalanceShortfall } from '../../wallet/components/balance-shortfall';
import { BandwidthField } from './bandwidth-field';
import { PeriodField } from './period-field';
import { PricedFooter } from './price-summary';

interface BuyValues {
  region_id?: number;
  name?: string;
  bandwidth?: number | null;
  period?: number;
  auto_renew: boolean;
  agreed: boolean;
}

const INITIAL_VALUES: BuyValues = { bandwidth: OFFICE_BANDWIDTH_MIN_MBPS, auto_renew: false, agreed: false };

/** A whole number of Mbps the purchase accepts. */
export function isOfficeBandwidth(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= OFFICE_BANDWIDTH_MIN_MBPS &&
    value <= OFFICE_BANDWIDTH_MAX_MBPS
  );
}

/** The region remembered as the customer's (local storage `region_id`, spec §9) when sold, else the first. */
function defaultRegion(regions: readonly Region[]): number | undefined {
  const stored = Number(readItem(StorageKey.regionId));
  return regions.find((region) => region.id === stored)?.id ?? regions[0]?.id;
}

/** The regions with how many networks the customer already has in each. */
function useRegionOptions(enabled: boolean) {
  const { t } = useTranslation('officeSites');
  const regions = useAreaList();
  const counts = useOfficeSiteRegionCount(enabled);
  const options = regions.map((region) => {
    const count = counts.data?.find((entry) => entry.region_id === region.id)?.count ?? 0;
    const name = regionName(region);
    return { value: region.id, label: count > 0 ? t('buy.regionWithCount', { name, count }) : name };
  });
  return { regions, options };
}

/** The form's settings as GET /user/network_cost's query, or undefined while one is missing or invalid. */
function costQueryOf(regionId: unknown, bandwidth: unknown, period: unknown): NetworkCostQuery | undefined {
  if (typeof regionId !== 'number' || typeof period !== 'number' || !isOfficeBandwidth(bandwidth)) {
    return undefined;
  }
  return { region_id: regionId, bandwidth, period };
}

/** Whether a price asked for `quoted` is the price of `wanted` (the settings a purchase would send). */
function sameSettings(quoted: NetworkCostQuery | undefined, wanted: NetworkCostQuery | undefined): boolean {
  return (
    quoted !== undefined &&
    wanted !== undefined &&
    quoted.region_id === wanted.region_id &&
    quoted.bandwidth === wanted.bandwidth &&
    quoted.period === wanted.period
  );
}

/** How the last purchase attempt failed: refused (with the server's reason), or with no known outcome. */
type BuyFailure = { unknown: true } | { unknown: false; reason?: string };

function Disclaimer() {
  const { t } = useTranslation('officeSites');
  const { token } = theme.useToken();
  return (
    <div
      style={{
        padding: token.paddingSM,
        borderRadius: token.borderRadius,
        background: token.colorFillAlter,
        color: token.colorTextSecondary,
        fontSize: token.fontSizeSM,
      }}
      data-testid="office-buy-disclaimer"
    >
      <div style={{ color: token.colorText, fontWeight: token.fontWeightStrong, marginBottom: 4 }}>
        {t('buy.disclaimerTitle')}
      </div>
      <ol style={{ margin: 0, paddingInlineStart: 18 }}>
        {(['charge', 'traffic', 'release', 'lawful'] as const).map((point) => (
          <li key={point}>{t(`buy.disclaimer.${point}`)}</li>
        ))}
      </ol>
    </div>
  );
}

export interface BuyOfficeSiteDialogProps {
  open: boolean;
  onClose: () => void;
  /**
   * The purchase keys, owned by the page: the dialog is made anew at every opening, and a purchase
   * retried after an unknown outcome (a timeout) must carry the same key even then.
   */
  intent: IntentKeys;
}

/**
 * Buying an office network (spec §3 Office network, §5 Resources): region, name, 10–200 Mbps,
 * months with their discounts, auto-renew, the disclaimer; the price comes live from GET
 * /user/network_cost (the figure charged), and buying waits until the price shown is the one of
 * the settings as they are. A lacking balance offers the top-up dialog. The purchase carries one
 * Idempotency-Key per intent (see intent-key.ts); a send without a known outcome says so, since
 * the network may have been bought.
 */
export function BuyOfficeSiteDialog({ open, onClose, intent }: BuyOfficeSiteDialogProps) {
  const { t } = useTranslation('officeSites');
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const [form] = Form.useForm<BuyValues>();
  const { regions, options: regionOptions } = useRegionOptions(open);
  const periods = usePeriodDiscounts(open);
  const user = useCurrentUser();
  const topup = useTopupFlow();
  const buy = useBuyOfficeSite();
  const [failure, setFailure] = useState<BuyFailure>();

  // The lists may arrive after the dialog: their first entries become the defaults.
  useEffect(() => {
    if (form.getFieldValue('region_id') === undefined && regions.length > 0) {
      form.setFieldValue('region_id', defaultRegion(regions));
    }
  }, [form, regions]);
  const firstPeriod = periods.data?.[0]?.period;
  useEffect(() => {
    if (form.getFieldValue('period') === undefined && firstPeriod !== undefined) {
      form.setFieldValue('period', firstPeriod);
    }
  }, [form, firstPeriod]);

  const regionId = Form.useWatch('region_id', form);
  const bandwidth = Form.useWatch('bandwidth', form);
  const period = Form.useWatch('period', form);
  const settledBandwidth = useDebouncedValue(bandwidth);
  const costQuery = costQueryOf(regionId, settledBandwidth, period);
  const cost = useNetworkCost(open ? costQuery : undefined);
  // The last price stays on screen while the next loads; only the current settings' own quote
  // (not a placeholder, not on its way, asked for the bandwidth as typed) may be paid or compared
  // with the balance.
  const shownPrice = costQuery && cost.data ? cost.data.payable_price : undefined;
  const quoted =
    cost.data !== undefined &&
    !cost.isPlaceholderData &&
    !cost.isFetching &&
    sameSettings(costQuery, costQueryOf(regionId, bandwidth, period));
  const price = quoted ? cost.data.payable_price : undefined;
  const lacking = shortfall(user.data?.balance, price) !== null;

  const submit = async () => {
    setFailure(undefined);
    let values: BuyValues;
    try {
      values = await form.validateFields();
    } catch {
      void message.error(t('form.invalid'));
      return;
    }
    const body: OfficeSitePurchaseBody = {
      region_id: values.region_id!,
      name: values.name!.trim(),
      bandwidth: values.bandwidth!,
      period: values.period!,
      auto_renew: values.auto_renew,
      agreed: true,
    };
    // Never charge for settings other than those priced on screen.
    if (!quoted || !sameSettings(costQuery, costQueryOf(body.region_id, body.bandwidth, body.period))) return;
    buy.mutate(
      { body, key: intent.keyFor(body) },
      {
        onSuccess: (result) => {
          intent.settle(body);
          void message.success(t('buy.succeeded', { name: result.office_site.name }));
          onClose();
        },
        onError: (error) => {
          intent.settle(body, error);
          setFailure(
            isOutcomeUnknown(error) ? { unknown: true } : { unknown: false, reason: failureReason(error) },
          );
        },
      },
    );
  };

  const trafficNote = cost.data
    ? t('buy.trafficNote', { price: formatDollars(cost.data.traffic_price) })
    : t('buy.trafficNoteUnknown');

  const footer = (
    <PricedFooter
      label={t('buy.price')}
      price={shownPrice}
      original={costQuery ? cost.data?.original_price : undefined}
      note={trafficNote}
      loading={cost.isFetching || settledBandwidth !== bandwidth}
      testId="office-buy-price"
      payable={quoted}
      onCancel={onClose}
      onSubmit={() => void submit()}
      submitting={buy.isPending}
      submitText={t('buy.submit')}
      submitTestId="office-buy-submit"
    />
  );

  return (
    <Modal
      open={open}
      title={t('buy.title')}
      onCancel={onClose}
      footer={footer}
      width={680}
      mask={{ closable: false }}
      data-testid="office-buy-dialog"
    >
      <Form<BuyValues>
        form={form}
        initialValues={INITIAL_VALUES}
        layout={isMobile ? 'vertical' : 'horizontal'}
        labelCol={isMobile ? undefined : { flex: '96px' }}
        labelWrap
        onValuesChange={() => setFailure(undefined)}
        style={{ paddingBlock: 8 }}
      >
        <Form.Item
          name="region_id"
          label={t('field.region')}
          rules={[{ required: true, message: t('form.regionRequired') }]}
        >
          <Select
            options={regionOptions}
            placeholder={t('form.regionPlaceholder')}
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="office-buy-region"
          />
        </Form.Item>
        <Form.Item name="name" label={t('field.name')} rules={[nameRule(t)]}>
          <Input
            maxLength={NAME_MAX}
            showCount
            placeholder={t('form.namePlaceholder')}
            data-testid="office-buy-name"
          />
        </Form.Item>
        <Form.Item
          name="bandwidth"
          label={t('field.bandwidth')}
          extra={t('buy.bandwidthHint', { min: OFFICE_BANDWIDTH_MIN_MBPS, max: OFFICE_BANDWIDTH_MAX_MBPS })}
          rules={[
            {
              validator: (_, value: unknown) =>
                isOfficeBandwidth(value)
                  ? Promise.resolve()
                  : Promise.reject(
                      new Error(
                        t('form.bandwidthRange', {
                          min: OFFICE_BANDWIDTH_MIN_MBPS,
                          max: OFFICE_BANDWIDTH_MAX_MBPS,
                        }),
                      ),
                    ),
            },
          ]}
        >
          <BandwidthField
            min={OFFICE_BANDWIDTH_MIN_MBPS}
            max={OFFICE_BANDWIDTH_MAX_MBPS}
            testId="office-buy-bandwidth"
          />
        </Form.Item>
        <Form.Item
          name="period"
          label={t('field.period')}
          rules={[{ required: true, message: t('form.periodRequired') }]}
        >
          <PeriodField periods={periods.data ?? []} loading={periods.isPending} testId="office-buy-period" />
        </Form.Item>
        <Form.Item
          name="auto_renew"
          label={t('field.autoRenew')}
          valuePropName="checked"
          extra={t('buy.autoRenewHint')}
        >
          <Switch data-testid="office-buy-auto-renew" />
        </Form.Item>
        <Flex vertical gap="small">
          <Disclaimer />
          <Form.Item
            name="agreed"
            valuePropName="checked"
            style={{ marginBottom: 0 }}
            rules={[
              {
                validator: (_, value: boolean) =>
                  value ? Promise.resolve() : Promise.reject(new Error(t('form.agreeRequired'))),
              },
            ]}
          >
            <Checkbox data-testid="office-buy-agree">{t('buy.agree')}</Checkbox>
          </Form.Item>
          {cost.isError ? (
            <Alert type="error" showIcon title={t('buy.priceFailed')} data-testid="office-buy-price-failed" />
          ) : null}
          <BalanceShortfall balance={user.data?.balance} price={price} onTopup={topup.start} />
          {failure?.unknown ? (
            <Alert
              type="warning"
              showIcon
              title={t('buy.unknownTitle')}
              description={t('buy.unknown')}
              data-testid="office-buy-unknown"
            />
          ) : null}
          {failure && !failure.unknown && !lacking ? (
            <Alert
              type="error"
              showIcon
              title={t('buy.failed')}
              description={failure.reason}
              data-testid="office-buy-failed"
            />
          ) : null}
        </Flex>
      </Form>
      {topup.flow}
    </Modal>
  );
}
