import type { TableColumnsType } from 'antd';
import type { Phone, PhoneGroup } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-time';
import { useIsMobile } from '../../../lib/use-is-mobile';
import {
  groupName,
  PhoneAutoRenewSwitch,
  PhoneBillingCell,
  PhoneExpiryCell,
  PhoneNameCell,
  PhoneDeviceCell,
  PhoneSpecCell,
  usePhoneRegionName,
} from './phone-cells';
import { PhoneNetworkCell } from './phone-network-cell';
import { PhoneRowActions, type PhoneMenuChoice } from './phone-row-actions';
import { PhoneStatusBadge } from './phone-status';

export interface PhoneColumnsOptions {
  groups: readonly PhoneGroup[] | undefined;
  onChoose: (phone: Phone, choice: PhoneMenuChoice) => void;
  /** The phone whose connection ticket is on its way. */
  connectingId: string | undefined;
  onAutoRenew: (phone: Phone, on: boolean) => void;
  autoRenewPending: (phone: Phone) => boolean;
}

/** The list's columns (every one but the actions may be hidden from the toolbar). */
export function usePhoneColumns({
  groups,
  onChoose,
  connectingId,
  onAutoRenew,
  autoRenewPending,
}: PhoneColumnsOptions): TableColumnsType<Phone> {
  const { t } = useTranslation('phones');
  const compact = useIsMobile();
  const regionOf = usePhoneRegionName();
  return [
    {
      key: 'name',
      title: t('list.column.name'),
      width: 200,
      render: (_, phone) => <PhoneNameCell phone={phone} />,
    },
    {
      key: 'status',
      title: t('list.column.status'),
      render: (_, phone) => <PhoneStatusBadge status={phone.status} />,
    },
    { key: 'spec', title: t('list.column.spec'), render: (_, phone) => <PhoneSpecCell phone={phone} /> },
    {
      key: 'device',
      title: t('list.column.device'),
      render: (_, phone) => <PhoneDeviceCell phone={phone} />,
    },
    { key: 'region', title: t('list.column.region'), render: (_, phone) => regionOf(phone.region_id) },
    {
      key: 'network',
      title: t('list.column.network'),
      render: (_, phone) => <PhoneNetworkCell phone={phone} />,
    },
    {
      key: 'group',
      title: t('list.column.group'),
      render: (_, phone) => groupName(groups, phone.group_id, t('list.cell.ungrouped')),
    },
    {
      key: 'billing',
      title: t('list.column.billing'),
      render: (_, phone) => <PhoneBillingCell phone={phone} />,
    },
    {
      key: 'expiry',
      title: t('list.column.expiry'),
      render: (_, phone) => <PhoneExpiryCell phone={phone} />,
    },
    {
      key: 'autoRenew',
      title: t('list.column.autoRenew'),
      render: (_, phone) => (
        <PhoneAutoRenewSwitch
          phone={phone}
          pending={autoRenewPending(phone)}
          onChange={(on) => onAutoRenew(phone, on)}
        />
      ),
    },
    {
      key: 'createdAt',
      title: t('list.column.createdAt'),
      render: (_, phone) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(phone.created_at)}</span>,
    },
    {
      key: 'actions',
      title: t('list.column.actions'),
      // On a wide screen the actions stay in view while the other columns scroll.
      fixed: compact ? undefined : 'right',
      render: (_, phone) => (
        <PhoneRowActions
          phone={phone}
          compact={compact}
          connecting={phone.id === connectingId}
          onChoose={onChoose}
        />
      ),
    },
  ];
}
