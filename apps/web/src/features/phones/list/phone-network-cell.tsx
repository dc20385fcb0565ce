import { Flex, Tag, theme } from 'antd';
import type { Phone } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../../lib/country-name';

/**
 * How the phone goes online (issue 19): the elastic IP it is behind (and its phone network), or the
 * region's default network; and the proxy the cloud applies to it — a residential line with its
 * place, an own proxy's endpoint or its proxy set's configuration — or none.
 */
export function PhoneNetworkCell({ phone }: { phone: Phone }) {
  const { t, i18n } = useTranslation('phones');
  const { token } = theme.useToken();
  const secondary = {
    color: token.colorTextSecondary,
    fontSize: token.fontSizeSM,
    whiteSpace: 'nowrap' as const,
  };
  const { proxy } = phone;
  const endpoint = proxy?.host ? `${proxy.host}:${proxy.port ?? ''}` : '—';
  return (
    <Flex vertical gap={2} data-testid="phone-network">
      <span style={{ whiteSpace: 'nowrap' }} data-testid="phone-network-ip">
        {phone.eip_address ?? t('list.cell.defaultNetwork')}
      </span>
      {phone.network_type !== 'default' ? <span style={secondary}>{phone.network_type}</span> : null}
      {proxy ? (
        <Flex gap={4} align="center" wrap={false} data-testid="phone-proxy">
          <Tag style={{ marginInlineEnd: 0 }}>{t(`list.cell.proxySource.${proxy.source}`)}</Tag>
          <span style={secondary}>
            {proxy.source === 'residential'
              ? `${countryName(proxy.country, i18n.language)} · ${proxy.city ?? '—'}`
              : `${proxy.type.toUpperCase()} ${endpoint}`}
          </span>
        </Flex>
      ) : (
        <span style={secondary} data-testid="phone-proxy-none">
          {t('list.cell.noProxy')}
        </span>
      )}
    </Flex>
  );
}
