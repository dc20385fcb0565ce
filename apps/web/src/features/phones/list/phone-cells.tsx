import { Flex, Switch, Tag, Tooltip, theme } from 'antd';
import type { Phone, PhoneGroup } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { EllipsisText } from '../../../components/ellipsis-text';
import { formatDateTime } from '../../../lib/format-time';
import { formatDollars } from '../../../lib/money';
import { regionName, usePhRegions } from '../../../lib/regions';
import { useDeviceName } from '../device';

const DAY_MS = 86_400_000;
/** Expiry this close is shown in the warning colour. */
const SOON_DAYS = 7;

/** Whole days until `expiredAt` (negative once passed). */
export function daysLeft(expiredAt: string, now = Date.now()): number {
  return Math.ceil((new Date(expiredAt).getTime() - now) / DAY_MS);
}

/** The name, and the display name under it when one is set. */
export function PhoneNameCell({ phone }: { phone: Phone }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={0} style={{ minWidth: 0 }}>
      <EllipsisText text={phone.name} strong data-testid="phone-name" />
      {phone.display_name ? (
        <span
          style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}
          data-testid="phone-display-name"
        >
          {phone.display_name}
        </span>
      ) : null}
    </Flex>
  );
}

/** The device the phone presents (brand and model, which a replacement changes) and its screen. */
export function PhoneDeviceCell({ phone }: { phone: Phone }) {
  const { token } = theme.useToken();
  const device = useDeviceName([phone])(phone);
  return (
    <Flex vertical gap={0}>
      <span style={{ whiteSpace: 'nowrap' }} data-testid="phone-device">
        {device ?? '—'}
      </span>
      {phone.resolution ? (
        <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
          {phone.resolution}
        </span>
      ) : null}
    </Flex>
  );
}

export function PhoneSpecCell({ phone }: { phone: Phone }) {
  const { t } = useTranslation('phones');
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {t('list.cell.spec', { cpu: phone.cpu, memory: phone.memory, disk: phone.disk })}
    </span>
  );
}

/** The region's name from the stored phone regions (its id until they have arrived). */
export function usePhoneRegionName() {
  const regions = usePhRegions();
  return (regionId: number | null) => {
    if (regionId === null) return '—';
    const region = regions.find((entry) => entry.id === regionId);
    return region ? regionName(region) : String(regionId);
  };
}

export function groupName(groups: readonly PhoneGroup[] | undefined, groupId: number | null, none: string) {
  if (groupId === null) return none;
  return groups?.find((group) => group.id === groupId)?.name ?? none;
}

/** The billing method; pay-as-you-go with its hourly price. */
export function PhoneBillingCell({ phone }: { phone: Phone }) {
  const { t } = useTranslation('phones');
  if (phone.billing_method === 'subscription') return <Tag>{t('list.cell.subscription')}</Tag>;
  return (
    <Tooltip title={t('list.cell.hourly', { price: formatDollars(phone.hourly_price) })}>
      <Tag color="blue">{t('list.cell.payg')}</Tag>
    </Tooltip>
  );
}

/** The expiry, marked when it is near or passed; pay-as-you-go has none. */
export function PhoneExpiryCell({ phone }: { phone: Phone }) {
  const { t } = useTranslation('phones');
  const { token } = theme.useToken();
  if (!phone.expired_at) return <span>—</span>;
  const days = daysLeft(phone.expired_at);
  const color = days <= 0 ? token.colorError : days <= SOON_DAYS ? token.colorWarning : undefined;
  return (
    <Flex vertical gap={0}>
      <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(phone.expired_at)}</span>
      {days <= SOON_DAYS ? (
        <span style={{ color, fontSize: token.fontSizeSM }}>
          {days <= 0 ? t('list.cell.expired') : t('list.cell.expiresIn', { count: days })}
        </span>
      ) : null}
    </Flex>
  );
}

/** The auto-renew switch of a subscription; pay-as-you-go shows none. */
export function PhoneAutoRenewSwitch({
  phone,
  pending,
  onChange,
}: {
  phone: Phone;
  pending: boolean;
  onChange: (on: boolean) => void;
}) {
  if (phone.billing_method === 'payg') return <span>—</span>;
  return (
    <Switch
      size="small"
      checked={phone.auto_renew}
      loading={pending}
      disabled={!phone.actions.includes('auto_renew')}
      onChange={onChange}
      data-testid="phone-auto-renew"
    />
  );
}
