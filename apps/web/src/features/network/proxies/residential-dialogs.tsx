/** The residential proxy page's dialogs: buy (priced, paid from the balance), renew, and the login. */
import { useState } from 'react';
import {
  App,
  Checkbox,
  Descriptions,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Switch,
  Typography,
} from 'antd';
import { PROXY_PROTOCOLS } from '@cloudbay/contracts/core';
import type { ProxyCredentials, ProxyProtocol, ResidentialProxy } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../components/copyable-code';
import { PayModal } from '../../../components/pay-footer';
import { PriceSummary } from '../../../components/price-summary';
import { usePeriodLabel } from '../../../components/purchase/billing-section';
import {
  RenewalPeriodPicker,
  RenewalTerms,
  useRenewalPayText,
  useRenewalTerm,
} from '../../../components/purchase/renewal-quote';
import { formatDateTime } from '../../../lib/format-time';
import type { IntentKeys } from '../../../lib/idempotency';
import { formatDollars, isPositive } from '../../../lib/money';
import { payForIntent } from '../../../lib/pay-intent';
import { phonePeriodOffers } from '../../phones/buy/phone-buy-values';
import { QuoteShortfall, useBalanceCheck } from '../../wallet/components/balance-check';
import { useBuyProxies, useProxyPool, useProxyPrice, useProxyRenewPrice, useRenewProxy } from './api';
import { countryName } from './proxy-parts';

/**
 * Buy static residential IPs (POST /user/ph/proxy, Idempotency-Key per intent): a location of the
 * cloud's pool with its stock, the protocol, the term with the phones' discount, the quantity; the
 * price of GET /price is what is paid, and the balance is checked before paying.
 */
export function BuyProxyDialog({ keys, onClose }: { keys: IntentKeys; onClose: () => void }) {
  const { t, i18n } = useTranslation('networkProxies');
  const { message } = App.useApp();
  const periodLabel = usePeriodLabel();
  const pool = useProxyPool(true);
  const term = useRenewalTerm(phonePeriodOffers);
  const [poolId, setPoolId] = useState<string>();
  const [protocol, setProtocol] = useState<ProxyProtocol>('socks5');
  const [quantity, setQuantity] = useState(1);
  const [name, setName] = useState('');
  const [autoRenew, setAutoRenew] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [tried, setTried] = useState(false);
  const entry = pool.data?.find((candidate) => candidate.pool_id === poolId);
  const { period } = term;
  const price = useProxyPrice(period === undefined ? undefined : { period, quantity });
  const quote = price.data?.period === period && price.data?.quantity === quantity ? price.data : undefined;
  const balance = useBalanceCheck(quote?.payable_price);
  const buy = useBuyProxies();

  const countries = [...new Set((pool.data ?? []).map((item) => item.country))];
  const options = countries.map((country) => ({
    label: countryName(country, i18n.language),
    options: (pool.data ?? [])
      .filter((item) => item.country === country)
      .map((item) => ({
        value: item.pool_id,
        // What typing in the select searches: the city, the ISP and the country.
        title: `${item.city} ${item.isp} ${countryName(country, i18n.language)}`,
        disabled: item.stock === 0,
        label: (
          <Flex justify="space-between" gap="small">
            <span>
              {item.city} · {item.isp}
            </span>
            <span>{item.stock === 0 ? t('buy.soldOut') : t('buy.stock', { count: item.stock })}</span>
          </Flex>
        ),
      })),
  }));

  const pay = () => {
    setTried(true);
    if (!entry || !agreed || period === undefined || !quote) return;
    const body = {
      pool_id: entry.pool_id,
      protocol,
      period,
      quantity,
      auto_renew: autoRenew,
      ...(name.trim() ? { name: name.trim() } : {}),
      agreed: true as const,
    };
    payForIntent({
      keys,
      intent: body,
      mutate: buy.mutate,
      variables: (idempotencyKey) => ({ body, idempotencyKey }),
      onPaid: () => {
        void message.success(t('buy.done'));
        onClose();
      },
      onRefused: () => {
        balance.refresh();
        void pool.refetch();
      },
    });
  };

  const discountLines =
    quote && isPositive(quote.discount_amount)
      ? [
          { key: 'original', label: t('buy.original'), value: formatDollars(quote.original_price) },
          { key: 'discount', label: t('buy.discount'), value: `−${formatDollars(quote.discount_amount)}` },
        ]
      : [];
  return (
    <PayModal
      title={t('buy.title')}
      testId="proxy-buy-dialog"
      cancelText={t('dialog.cancel')}
      onCancel={onClose}
      payText={quote ? t('buy.pay', { amount: formatDollars(quote.payable_price) }) : t('buy.payPending')}
      onPay={pay}
      paying={buy.isPending}
      disabled={!quote || balance.short}
      payTestId="proxy-buy-pay"
    >
      <Form layout="vertical" requiredMark={false}>
        <Form.Item
          label={t('buy.location')}
          validateStatus={tried && !entry ? 'error' : undefined}
          help={tried && !entry ? t('buy.locationRequired') : undefined}
        >
          <Select<string>
            value={poolId}
            onChange={setPoolId}
            options={options}
            loading={pool.isPending}
            placeholder={t('buy.locationPlaceholder')}
            showSearch={{ optionFilterProp: 'title' }}
            data-testid="proxy-buy-location"
          />
        </Form.Item>
        <Form.Item label={t('buy.protocol')}>
          <Radio.Group
            value={protocol}
            onChange={(event) => setProtocol(event.target.value as ProxyProtocol)}
            optionType="button"
            options={PROXY_PROTOCOLS.map((value) => ({ value, label: value.toUpperCase() }))}
            data-testid="proxy-buy-protocol"
          />
        </Form.Item>
        <Form.Item>
          <RenewalPeriodPicker ns="networkProxies" term={term} periodLabel={periodLabel} testId="proxy-buy" />
        </Form.Item>
        <Flex gap="middle" wrap>
          <Form.Item label={t('buy.quantity')}>
            <InputNumber
              min={1}
              max={Math.max(1, Math.min(100, entry?.stock ?? 100))}
              precision={0}
              value={quantity}
              onChange={(value) => setQuantity(value ?? 1)}
              data-testid="proxy-buy-quantity"
            />
          </Form.Item>
          <Form.Item label={t('buy.name')} style={{ flex: 1, minWidth: 180 }}>
            <Input
              value={name}
              maxLength={30}
              placeholder={t('buy.namePlaceholder')}
              onChange={(event) => setName(event.target.value)}
              data-testid="proxy-buy-name"
            />
          </Form.Item>
        </Flex>
        <Form.Item>
          <Flex gap="small" align="center">
            <Switch checked={autoRenew} onChange={setAutoRenew} data-testid="proxy-buy-auto-renew" />
            <span>{t('buy.autoRenew')}</span>
          </Flex>
        </Form.Item>
        <PriceSummary
          lines={[
            { key: 'unit', label: t('buy.unit'), value: quote ? formatDollars(quote.unit_price) : '—' },
            ...discountLines,
          ]}
          dueLabel={t('buy.due')}
          due={quote?.payable_price}
          loading={price.isFetching && !quote}
          testId="proxy-buy-price"
        />
        <QuoteShortfall check={balance} payable={quote?.payable_price} />
        <Form.Item
          style={{ marginTop: 16, marginBottom: 0 }}
          validateStatus={tried && !agreed ? 'error' : undefined}
          help={tried && !agreed ? t('buy.agreeRequired') : undefined}
        >
          <Checkbox
            checked={agreed}
            onChange={(event) => setAgreed(event.target.checked)}
            data-testid="proxy-buy-agree"
          >
            {t('buy.agree')}
          </Checkbox>
        </Form.Item>
      </Form>
    </PayModal>
  );
}

/** Renew one proxy (POST …/{id}/renew, Idempotency-Key): the term, GET renew_price, the balance checked. */
export function RenewProxyDialog({
  proxy,
  keys,
  onClose,
}: {
  proxy: ResidentialProxy;
  keys: IntentKeys;
  onClose: () => void;
}) {
  const { t } = useTranslation('networkProxies');
  const { message } = App.useApp();
  const periodLabel = usePeriodLabel();
  const term = useRenewalTerm(phonePeriodOffers);
  const { period } = term;
  const price = useProxyRenewPrice(proxy.id, period);
  const quote = price.data?.period === period ? price.data : undefined;
  const balance = useBalanceCheck(quote?.payable_price);
  const renew = useRenewProxy();
  const payText = useRenewalPayText('networkProxies', false, quote);
  const pay = () => {
    if (period === undefined || !quote) return;
    payForIntent({
      keys,
      intent: { proxy: proxy.id, period, renew: true },
      mutate: renew.mutate,
      variables: (idempotencyKey) => ({ proxyId: proxy.id, period, idempotencyKey }),
      onPaid: (answer) => {
        void message.success(t('list.renew.done', { until: formatDateTime(answer.proxy.expires_at) }));
        onClose();
      },
      onRefused: balance.refresh,
    });
  };
  return (
    <PayModal
      title={t('list.renew.title')}
      testId="proxy-renew-dialog"
      cancelText={t('dialog.cancel')}
      onCancel={onClose}
      payText={payText}
      onPay={pay}
      paying={renew.isPending}
      disabled={!quote || balance.short}
      payTestId="proxy-renew-pay"
    >
      <Flex vertical gap="middle">
        <Typography.Text strong>
          {proxy.name} · {proxy.address ?? proxy.id}
        </Typography.Text>
        <RenewalTerms
          ns="networkProxies"
          term={term}
          periodLabel={periodLabel}
          expiresAt={proxy.expires_at}
          quote={quote}
          loading={price.isFetching && !quote}
          balance={balance.balance}
          shortfall={<QuoteShortfall check={balance} payable={quote?.payable_price} />}
          testId="proxy-renew"
        />
      </Flex>
    </PayModal>
  );
}

/** The login the cloud reveals on demand; nothing of it is kept once the dialog closes. */
export function CredentialsDialog({
  name,
  credentials,
  onClose,
}: {
  name: string;
  credentials: ProxyCredentials;
  onClose: () => void;
}) {
  const { t } = useTranslation('networkProxies');
  const { protocol, address, port, username, password } = credentials;
  const url = `${protocol}://${encodeURIComponent(username)}:${encodeURIComponent(password)}@${address}:${port}`;
  const copy = t('credentials.copy');
  return (
    <Modal
      open
      title={t('credentials.title', { name })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      data-testid="proxy-credentials-dialog"
    >
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'protocol', label: t('credentials.protocol'), children: protocol.toUpperCase() },
          {
            key: 'address',
            label: t('credentials.address'),
            children: <CopyableCode value={address} copyLabel={copy} />,
          },
          {
            key: 'port',
            label: t('credentials.port'),
            children: <CopyableCode value={String(port)} copyLabel={copy} />,
          },
          {
            key: 'username',
            label: t('credentials.username'),
            children: <CopyableCode value={username} copyLabel={copy} />,
          },
          {
            key: 'password',
            label: t('credentials.password'),
            children: (
              <span data-testid="proxy-credentials-password">
                <CopyableCode value={password} copyLabel={copy} />
              </span>
            ),
          },
          {
            key: 'url',
            label: t('credentials.url'),
            children: <CopyableCode value={url} copyLabel={copy} />,
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('credentials.note')}
      </Typography.Paragraph>
    </Modal>
  );
}
