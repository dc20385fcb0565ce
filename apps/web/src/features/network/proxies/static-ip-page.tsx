import { useState } from 'react';
import { App, Button, Flex, Switch, Tag, theme, type TableColumnsType } from 'antd';
import {
  DeleteOutlined,
  DisconnectOutlined,
  KeyOutlined,
  LinkOutlined,
  PlusOutlined,
  ReloadOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { RESIDENTIAL_PROXY_STATUSES } from '@cloudbay/contracts/core';
import type { ProxyCredentials, ResidentialProxy } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../components/copyable-code';
import { PageHeading } from '../../../components/page-heading';
import { RowAction } from '../../../components/row-action';
import { SearchForm } from '../../../components/search-form';
import { SearchFields } from '../../../components/search-fields';
import { formatDateTime } from '../../../lib/format-time';
import { useIntentKeys } from '../../../lib/idempotency';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useListFilter } from '../../../lib/use-list-filter';
import {
  useCheckResidential,
  useProxyPool,
  useReleaseResidential,
  useResidentialAutoRenew,
  useResidentialProxies,
  useRevealCredentials,
  type ResidentialFilter,
} from './api';
import { LoadingDialog, lazyPart, usePrefetchWhenIdle } from '../../../lib/lazy-part';
import { countryName, Latency, PhoneNames, ProxyLocation, useConfirmUnbind } from './proxy-parts';
import { ProxyList } from './proxy-list';

// The dialogs (antd forms, selects, the price and payment pieces) load on demand, prefetched once
// the list is idle: none of them is on the first screen.
const BuyProxyDialog = lazyPart(() => import('./residential-dialogs'), 'BuyProxyDialog');
const RenewProxyDialog = lazyPart(() => import('./residential-dialogs'), 'RenewProxyDialog');
const CredentialsDialog = lazyPart(() => import('./residential-dialogs'), 'CredentialsDialog');
const BindPhoneDialog = lazyPart(() => import('./bind-phone-dialog'), 'BindPhoneDialog');

const STATUS_COLOR: Record<string, string> = {
  creating: 'processing',
  available: 'success',
  releasing: 'warning',
  released: 'default',
};

type Dialog =
  | { kind: 'buy' }
  | { kind: 'bind'; proxy: ResidentialProxy }
  | { kind: 'renew'; proxy: ResidentialProxy }
  | { kind: 'credentials'; proxy: ResidentialProxy; credentials: ProxyCredentials };

interface SearchValues {
  keyword?: string;
  status?: ResidentialFilter['status'];
  country?: string;
  bound?: ResidentialFilter['bound'];
}

function useColumns(open: (dialog: Dialog) => void): TableColumnsType<ResidentialProxy> {
  const { t } = useTranslation('networkProxies');
  const { token } = theme.useToken();
  const reveal = useRevealCredentials();
  const check = useCheckResidential();
  const autoRenew = useResidentialAutoRenew();
  const unbind = useConfirmUnbind('residential');
  const compact = useIsMobile();
  const release = useReleaseResidential();
  const { message, modal } = App.useApp();
  const confirmRelease = (proxy: ResidentialProxy) =>
    modal.confirm({
      title: t('static.release.title', { name: proxy.name }),
      content: (
        <Flex vertical gap={4} data-testid="proxy-release-content">
          {proxy.bound_phone ? (
            <span>{t('static.release.bound', { phone: proxy.bound_phone.name })}</span>
          ) : null}
          <span>{t('static.release.content')}</span>
        </Flex>
      ),
      okText: t('static.release.confirm'),
      cancelText: t('dialog.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'proxy-release-confirm' },
      onOk: () =>
        release
          .mutateAsync(proxy.id)
          .then(() => void message.success(t('static.release.done')))
          .catch(() => undefined),
    });
  const can = (proxy: ResidentialProxy, action: string) => proxy.actions.includes(action);
  return [
    {
      key: 'name',
      title: t('static.column.name'),
      render: (_, proxy) => (
        <Flex vertical gap={2}>
          <span data-testid="proxy-name">{proxy.name}</span>
          <span style={{ color: token.colorTextTertiary, fontSize: token.fontSizeSM }}>{proxy.id}</span>
        </Flex>
      ),
    },
    {
      key: 'location',
      title: t('static.column.location'),
      render: (_, proxy) => <ProxyLocation country={proxy.country} city={proxy.city} isp={proxy.isp} />,
    },
    {
      key: 'endpoint',
      title: t('static.column.endpoint'),
      render: (_, proxy) => (
        <Flex vertical gap={2}>
          <span data-testid="proxy-endpoint">
            {proxy.address ? (
              <CopyableCode value={`${proxy.address}:${proxy.port}`} copyLabel={t('credentials.copy')} />
            ) : (
              '—'
            )}
          </span>
          <Tag style={{ width: 'fit-content' }}>{proxy.protocol.toUpperCase()}</Tag>
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('static.column.status'),
      render: (_, proxy) => (
        <Tag color={STATUS_COLOR[proxy.status] ?? 'default'} data-testid="proxy-status">
          {(RESIDENTIAL_PROXY_STATUSES as readonly string[]).includes(proxy.status)
            ? t(`static.status.${proxy.status as (typeof RESIDENTIAL_PROXY_STATUSES)[number]}`)
            : proxy.status}
        </Tag>
      ),
    },
    {
      key: 'phone',
      title: t('static.column.phone'),
      render: (_, proxy) => <PhoneNames phones={proxy.bound_phone ? [proxy.bound_phone] : []} />,
    },
    {
      key: 'latency',
      title: t('static.column.latency'),
      render: (_, proxy) => <Latency ms={proxy.latency_ms} at={proxy.checked_at} testId="proxy-latency" />,
    },
    {
      key: 'expiry',
      title: t('static.column.expiry'),
      render: (_, proxy) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(proxy.expires_at) || '—'}</span>
      ),
    },
    {
      key: 'autoRenew',
      title: t('static.column.autoRenew'),
      render: (_, proxy) => (
        <Switch
          size="small"
          checked={proxy.auto_renew}
          disabled={!can(proxy, 'auto_renew')}
          loading={autoRenew.isPending && autoRenew.variables?.proxyId === proxy.id}
          onChange={(on) =>
            autoRenew.mutate(
              { proxyId: proxy.id, autoRenew: on },
              { onSuccess: () => void message.success(t(on ? 'static.autoRenewOn' : 'static.autoRenewOff')) },
            )
          }
          aria-label={t('static.column.autoRenew')}
        />
      ),
    },
    {
      key: 'actions',
      title: t('static.column.actions'),
      // Pinned on a wide screen; on a narrow one a pinned column would cover the row.
      fixed: compact ? undefined : 'right',
      render: (_, proxy) => (
        <Flex gap="middle" wrap style={{ maxWidth: 260 }}>
          {can(proxy, 'bind') ? (
            <RowAction
              icon={<LinkOutlined />}
              label={t('bind.action')}
              onClick={() => open({ kind: 'bind', proxy })}
              testId="proxy-bind"
            />
          ) : null}
          {proxy.bound_phone ? (
            <RowAction
              icon={<DisconnectOutlined />}
              label={t('unbind.action')}
              onClick={() => unbind(proxy.id, proxy.bound_phone!)}
              testId="proxy-unbind"
            />
          ) : null}
          {can(proxy, 'credentials') ? (
            <RowAction
              icon={<KeyOutlined />}
              label={t('static.action.credentials')}
              onClick={() =>
                reveal.mutate(proxy.id, {
                  onSuccess: (credentials) => open({ kind: 'credentials', proxy, credentials }),
                })
              }
              testId="proxy-credentials"
            />
          ) : null}
          {can(proxy, 'check') ? (
            <RowAction
              icon={<ThunderboltOutlined />}
              label={t('static.action.check')}
              onClick={() =>
                check.mutate(proxy.id, { onSuccess: () => void message.success(t('static.checked')) })
              }
              testId="proxy-check"
            />
          ) : null}
          {can(proxy, 'renew') ? (
            <RowAction
              icon={<ReloadOutlined />}
              label={t('static.action.renew')}
              onClick={() => open({ kind: 'renew', proxy })}
              testId="proxy-renew"
            />
          ) : null}
          {can(proxy, 'release') ? (
            <RowAction
              icon={<DeleteOutlined />}
              label={t('static.action.release')}
              onClick={() => confirmRelease(proxy)}
              testId="proxy-release"
              danger
            />
          ) : null}
        </Flex>
      ),
    },
  ];
}

/**
 * /zqgl/testIp: the customer's static residential proxies (issue 19): buy IPs of a location from
 * the cloud's pool, see each line's address, protocol, location, expiry, phone and last latency,
 * reveal its login, bind it to a phone or unbind it, renew it and switch auto-renew.
 */
export function StaticIpPage() {
  const { t, i18n } = useTranslation('networkProxies');
  const list = useListFilter<ResidentialFilter>();
  const proxies = useResidentialProxies(list.query);
  const pool = useProxyPool(true);
  const keys = useIntentKeys();
  const [dialog, setDialog] = useState<Dialog>();
  const close = () => setDialog(undefined);
  const columns = useColumns(setDialog);
  usePrefetchWhenIdle(BuyProxyDialog, RenewProxyDialog, CredentialsDialog, BindPhoneDialog);
  const loading = <LoadingDialog open onCancel={close} />;
  const countries = [...new Set((pool.data ?? []).map((entry) => entry.country))].map((code) => ({
    value: code,
    label: countryName(code, i18n.language),
  }));
  const buyButton = (testId: string) => (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => setDialog({ kind: 'buy' })}
      data-testid={testId}
    >
      {t('static.buy')}
    </Button>
  );

  return (
    <Flex vertical gap="large" data-testid="page-static-ip">
      <PageHeading title={t('static.title')} subtitle={t('static.subtitle')} extra={buyButton('proxy-buy')} />
      <ProxyList<ResidentialProxy, ResidentialFilter>
        section="static"
        testIdPrefix="proxies"
        firstAction={buyButton('proxy-buy-first')}
        search={
          <SearchForm<SearchValues>
            fieldWidth={200}
            testId="proxy-search"
            onSearch={(values) =>
              list.applyFilter({ ...values, keyword: values.keyword?.trim() || undefined })
            }
            onReset={() => list.applyFilter({})}
          >
            <SearchFields
              naming={{ label: (key) => t(`static.filter.${key}`), testId: (key) => `proxy-filter-${key}` }}
              fields={[
                {
                  key: 'keyword',
                  text: { placeholder: t('static.filter.keywordPlaceholder'), maxLength: 64 },
                },
                {
                  key: 'status',
                  options: RESIDENTIAL_PROXY_STATUSES.filter((status) => status !== 'released').map(
                    (status) => ({
                      value: status,
                      label: t(`static.status.${status}`),
                    }),
                  ),
                },
                { key: 'country', options: countries },
                {
                  key: 'bound',
                  options: (['yes', 'no'] as const).map((value) => ({
                    value,
                    label: t(`static.boundOption.${value}`),
                  })),
                },
              ]}
            />
          </SearchForm>
        }
        query={proxies}
        list={list}
        columns={columns}
      />
      {dialog?.kind === 'buy' ? <BuyProxyDialog keys={keys} onClose={close} fallback={loading} /> : null}
      {dialog?.kind === 'bind' ? (
        <BindPhoneDialog
          source="residential"
          proxyId={dialog.proxy.id}
          proxyLabel={dialog.proxy.address ?? dialog.proxy.name}
          onClose={close}
          fallback={loading}
        />
      ) : null}
      {dialog?.kind === 'renew' ? (
        <RenewProxyDialog proxy={dialog.proxy} keys={keys} onClose={close} fallback={loading} />
      ) : null}
      {dialog?.kind === 'credentials' ? (
        <CredentialsDialog
          name={dialog.proxy.name}
          credentials={dialog.credentials}
          onClose={close}
          fallback={loading}
        />
      ) : null}
    </Flex>
  );
}
