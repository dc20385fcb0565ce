/**
 * The pieces both proxy pages show in their first screen: the location, the latency, the phones and
 * the unbind confirmation (the bind dialog loads on demand from ./bind-phone-dialog).
 */
import { App, Flex, Tag, theme, Typography } from 'antd';
import type { BoundPhone } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-time';
import { countryName } from '../../../lib/country-name';
import { useProxyBinding, type ProxySource } from './api';

export { countryName };

export function ProxyLocation({
  country,
  city,
  isp,
}: {
  country: string | null;
  city: string | null;
  isp?: string | null;
}) {
  const { i18n } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={2}>
      <span>
        {countryName(country, i18n.language)} · {city ?? '—'}
      </span>
      {isp ? <span style={{ color: token.colorTextTertiary, fontSize: token.fontSizeSM }}>{isp}</span> : null}
    </Flex>
  );
}

/** The last check's round trip, coloured by how usable it is, and when it was measured. */
export function Latency({ ms, at, testId }: { ms: number | null; at: string | null; testId: string }) {
  const { t } = useTranslation('networkProxies');
  const { token } = theme.useToken();
  if (at === null) return <span style={{ color: token.colorTextTertiary }}>{t('latency.never')}</span>;
  const color = ms === null ? 'error' : ms < 150 ? 'success' : ms < 400 ? 'warning' : 'error';
  return (
    <Flex vertical gap={2} data-testid={testId}>
      <Tag color={color} style={{ width: 'fit-content' }}>
        {ms === null ? t('latency.unreachable') : t('latency.ms', { ms })}
      </Tag>
      <span style={{ color: token.colorTextTertiary, fontSize: token.fontSizeSM }}>{formatDateTime(at)}</span>
    </Flex>
  );
}

export function PhoneNames({ phones }: { phones: BoundPhone[] }) {
  const { t } = useTranslation('networkProxies');
  const { token } = theme.useToken();
  if (phones.length === 0) return <span style={{ color: token.colorTextTertiary }}>{t('bind.none')}</span>;
  return (
    <Flex vertical gap={2} data-testid="proxy-bound-phones">
      {phones.map((phone) => (
        <Typography.Text key={phone.id} ellipsis style={{ maxWidth: 200 }}>
          {phone.name}
        </Typography.Text>
      ))}
    </Flex>
  );
}

/** Asks before taking the proxy off a phone (its traffic goes direct again). */
export function useConfirmUnbind(source: ProxySource) {
  const { t } = useTranslation('networkProxies');
  const { modal, message } = App.useApp();
  const binding = useProxyBinding(source);
  return (proxyId: string, phone: BoundPhone) =>
    modal.confirm({
      title: t('unbind.title', { phone: phone.name }),
      content: t('unbind.content'),
      okText: t('unbind.confirm'),
      cancelText: t('dialog.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'proxy-unbind-confirm' },
      onOk: () =>
        binding
          .mutateAsync({ proxyId, phoneId: phone.id, bind: false })
          .then(() => void message.success(t('unbind.done')))
          .catch(() => undefined),
    });
}
