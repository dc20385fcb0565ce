import type { TableColumnsType } from 'antd';
import type { Desktop } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-time';
import { useIsMobile } from '../../../lib/use-is-mobile';
import {
  AutoRenewSwitch,
  BillingCell,
  ConfigCell,
  Dash,
  Hint,
  InstanceCell,
  NameCell,
  StatusCell,
} from './components/desktop-cells';
import { RowActions } from './components/row-actions';
import type { RowAction } from './desktop-actions';
import type { DesktopDicts } from './desktop-dicts';
import type { DesktopLookups } from './use-desktop-lookups';

export interface DesktopColumnsOptions {
  dicts: DesktopDicts;
  lookups: DesktopLookups;
  onAction: (desktop: Desktop, action: RowAction) => void;
  onAutoRenew: (desktop: Desktop, on: boolean) => void;
  autoRenewPending: (desktop: Desktop) => boolean;
}

const nowrap = { whiteSpace: 'nowrap' } as const;

/** The list's columns (every one but the actions may be hidden from the toolbar). */
export function useDesktopColumns({
  dicts,
  lookups,
  onAction,
  onAutoRenew,
  autoRenewPending,
}: DesktopColumnsOptions): TableColumnsType<Desktop> {
  const { t } = useTranslation('desktops');
  const compact = useIsMobile();
  const actions: TableColumnsType<Desktop>[number] = {
    key: 'actions',
    title: t('list.column.actions'),
    // On a wide screen the actions stay in view while the other columns scroll.
    fixed: compact ? undefined : 'right',
    render: (_, desktop) => <RowActions desktop={desktop} compact={compact} onAction={onAction} />,
  };
  const columns: TableColumnsType<Desktop> = [
    {
      key: 'name',
      title: t('list.column.name'),
      render: (_, desktop) => <NameCell desktop={desktop} onOpen={() => onAction(desktop, 'detail')} />,
    },
    {
      key: 'instanceId',
      title: t('list.column.instanceId'),
      render: (_, desktop) => <InstanceCell desktop={desktop} />,
    },
    {
      key: 'status',
      title: t('list.column.status'),
      render: (_, desktop) => <StatusCell desktop={desktop} dicts={dicts} />,
    },
    {
      key: 'config',
      title: t('list.column.config'),
      render: (_, desktop) => <ConfigCell desktop={desktop} />,
    },
    {
      key: 'region',
      title: t('list.column.region'),
      render: (_, desktop) => (
        <span style={nowrap}>{lookups.regionLabel(desktop.region_id) ?? <Dash />}</span>
      ),
    },
    {
      key: 'officeSite',
      title: t('list.column.officeSite'),
      render: (_, desktop) =>
        desktop.office_site_id ? (
          <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
            <span style={nowrap}>{lookups.officeSiteLabel(desktop.office_site_id)}</span>
            {desktop.bandwidth !== null ? (
              <Hint>{t('list.detail.mbps', { value: desktop.bandwidth })}</Hint>
            ) : null}
          </span>
        ) : (
          <Dash />
        ),
    },
    {
      key: 'billing',
      title: t('list.column.billing'),
      render: (_, desktop) => <BillingCell desktop={desktop} billingMethods={dicts.billing_method} />,
    },
    {
      key: 'autoRenew',
      title: t('list.column.autoRenew'),
      render: (_, desktop) => (
        <AutoRenewSwitch
          desktop={desktop}
          pending={autoRenewPending(desktop)}
          onChange={(on) => onAutoRenew(desktop, on)}
        />
      ),
    },
    {
      key: 'endUser',
      title: t('list.column.endUser'),
      render: (_, desktop) => (desktop.end_user ? <span style={nowrap}>{desktop.end_user}</span> : <Dash />),
    },
    {
      key: 'policy',
      title: t('list.column.policy'),
      render: (_, desktop) => (
        <span style={nowrap}>{lookups.policyLabel(desktop.policy_id) ?? <Dash />}</span>
      ),
    },
    {
      key: 'createdAt',
      title: t('list.column.createdAt'),
      render: (_, desktop) => <span style={nowrap}>{formatDateTime(desktop.created_at)}</span>,
    },
  ];
  // On a phone the table scrolls sideways: the actions menu sits next to the name, in first view.
  return compact ? [columns[0]!, actions, ...columns.slice(1)] : [...columns, actions];
}
