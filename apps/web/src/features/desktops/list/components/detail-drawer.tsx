import { useState, type ReactNode } from 'react';
import {
  Button,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  Skeleton,
  Table,
  Typography,
  type DescriptionsProps,
  type TableColumnsType,
} from 'antd';
import type { Desktop, DesktopAccount, DesktopSubAccount } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../../components/copyable-code';
import { DictTag } from '../../../../components/dict-tag';
import { useDict } from '../../../../lib/dict-cache';
import { formatDateTime } from '../../../../lib/format-time';
import { withFeatureNamespaces } from '../../../../lib/i18n-console';
import { LoadingDialog, lazyPart } from '../../../../lib/lazy-part';
import { useIsMobile } from '../../../../lib/use-is-mobile';
import { useDesktopAccounts, useDesktopSubAccounts } from '../../api/desktops-detail';
import type { DesktopDicts } from '../desktop-dicts';
import type { DesktopLookups } from '../use-desktop-lookups';
import { BillingCell, ConfigCell, Dash, InstanceCell, StatusCell } from './desktop-cells';
import { loadProxyLinkDialog } from '../../../network/proxy-set/link/load';

const DRAWER_WIDTH = 760;

const loadOrderHistory = withFeatureNamespaces(
  'statistics',
  () => import('../../../orders/components/resource-order-history'),
);
// The desktop's order history (issue 22), with the orders' table pieces, once the drawer shows it.
const ResourceOrderHistory = lazyPart(() => loadOrderHistory(), 'ResourceOrderHistory');

// The proxy settings link (issue 19) of the desktop on show, loaded when first asked for.
const ProxyLinkDialog = lazyPart(loadProxyLinkDialog, 'ProxyLinkDialog');

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Flex vertical gap="small">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </Flex>
  );
}

const orDash = (value: ReactNode) =>
  value === null || value === undefined || value === '' ? <Dash /> : value;

function useFieldItems(desktop: Desktop, dicts: DesktopDicts, lookups: DesktopLookups) {
  const { t } = useTranslation('desktops');
  const items: DescriptionsProps['items'] = [
    {
      key: 'id',
      label: t('list.detail.desktopId'),
      children: <CopyableCode value={desktop.desktop_id} copyLabel={t('list.copyId')} />,
    },
    { key: 'instance', label: t('list.column.instanceId'), children: <InstanceCell desktop={desktop} /> },
    { key: 'name', label: t('list.detail.name'), children: desktop.name },
    {
      key: 'status',
      label: t('list.column.status'),
      children: <StatusCell desktop={desktop} dicts={dicts} />,
    },
    {
      key: 'resource',
      label: t('list.detail.resourceStatus'),
      children: <DictTag options={dicts.resource_status} value={desktop.resource_status} />,
    },
    { key: 'config', label: t('list.column.config'), children: <ConfigCell desktop={desktop} /> },
    {
      key: 'region',
      label: t('list.column.region'),
      children: orDash(lookups.regionLabel(desktop.region_id)),
    },
    {
      key: 'site',
      label: t('list.column.officeSite'),
      children: orDash(lookups.officeSiteLabel(desktop.office_site_id)),
    },
    {
      key: 'bandwidth',
      label: t('list.detail.bandwidth'),
      children: desktop.bandwidth === null ? <Dash /> : t('list.detail.mbps', { value: desktop.bandwidth }),
    },
    { key: 'ip', label: t('list.detail.privateIp'), children: orDash(desktop.private_ip) },
    {
      key: 'billing',
      label: t('list.column.billing'),
      children: <BillingCell desktop={desktop} billingMethods={dicts.billing_method} />,
    },
    {
      key: 'autoRenew',
      label: t('list.column.autoRenew'),
      children: t(desktop.auto_renew ? 'list.detail.on' : 'list.detail.off'),
    },
    { key: 'image', label: t('list.detail.image'), children: orDash(desktop.image_id) },
    { key: 'bundle', label: t('list.detail.bundle'), children: orDash(desktop.bundle_id) },
    { key: 'endUser', label: t('list.column.endUser'), children: orDash(desktop.end_user) },
    {
      key: 'policy',
      label: t('list.column.policy'),
      children: orDash(lookups.policyLabel(desktop.policy_id)),
    },
    { key: 'created', label: t('list.column.createdAt'), children: formatDateTime(desktop.created_at) },
  ];
  return items;
}

function AccountsTable({ desktopId }: { desktopId: string }) {
  const { t } = useTranslation('desktops');
  const accounts = useDesktopAccounts(desktopId);
  const columns: TableColumnsType<DesktopAccount> = [
    { key: 'user', title: t('list.detail.userName'), dataIndex: 'user_name' },
    { key: 'sessions', title: t('list.detail.sessions'), align: 'right', dataIndex: 'connected_sessions' },
  ];
  return (
    <Table<DesktopAccount>
      rowKey="user_name"
      size="small"
      columns={columns}
      dataSource={accounts.data ?? []}
      loading={accounts.isPending}
      pagination={false}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.detail.noAccounts')} />,
      }}
      data-testid="desktop-detail-accounts"
    />
  );
}

function SubAccountsTable({ desktopId }: { desktopId: string }) {
  const { t } = useTranslation('desktops');
  const { sys_normal_disable: states } = useDict('sys_normal_disable');
  const subAccounts = useDesktopSubAccounts(desktopId);
  const columns: TableColumnsType<DesktopSubAccount> = [
    { key: 'nickname', title: t('list.detail.nickname'), dataIndex: 'nickname' },
    { key: 'email', title: t('list.detail.email'), dataIndex: 'email' },
    {
      key: 'status',
      title: t('list.column.status'),
      render: (_, account) => <DictTag options={states} value={account.status} />,
    },
    {
      key: 'bound',
      title: t('list.detail.boundAt'),
      render: (_, account) => formatDateTime(account.bound_at),
    },
  ];
  return (
    <Table<DesktopSubAccount>
      rowKey="account_id"
      size="small"
      columns={columns}
      dataSource={subAccounts.data ?? []}
      loading={subAccounts.isPending}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.detail.noSubAccounts')} />
        ),
      }}
      data-testid="desktop-detail-sub-accounts"
    />
  );
}

export interface DetailDrawerProps {
  /** The open desktop, as the list shows it now (it follows the live updates); undefined keeps it closed. */
  desktop: Desktop | undefined;
  dicts: DesktopDicts;
  lookups: DesktopLookups;
  onClose: () => void;
}

/** One desktop in a side drawer: every field, the end users who can log in, the bound sub-accounts. */
export function DetailDrawer({ desktop, dicts, lookups, onClose }: DetailDrawerProps) {
  const { t } = useTranslation('desktops');
  const isMobile = useIsMobile();
  const [proxyLink, setProxyLink] = useState(false);
  const proxyLinkOffered = desktop !== undefined && desktop.status !== 'deleted';
  return (
    <Drawer
      open={desktop !== undefined}
      onClose={onClose}
      title={desktop ? t('list.detail.title', { name: desktop.name }) : ''}
      size={isMobile ? '100%' : DRAWER_WIDTH}
      extra={
        proxyLinkOffered ? (
          <Button
            onClick={() => setProxyLink(true)}
            onMouseEnter={ProxyLinkDialog.prefetch}
            data-testid="desktop-detail-proxy"
          >
            {t('list.action.proxy')}
          </Button>
        ) : null
      }
      destroyOnHidden
    >
      {desktop ? <DetailBody desktop={desktop} dicts={dicts} lookups={lookups} /> : null}
      {desktop ? (
        <ProxyLinkDialog
          when={proxyLink}
          kind="desktop"
          resourceId={desktop.desktop_id}
          name={desktop.name}
          open={proxyLink}
          onClose={() => setProxyLink(false)}
          fallback={<LoadingDialog open onCancel={() => setProxyLink(false)} />}
        />
      ) : null}
    </Drawer>
  );
}

function DetailBody({ desktop, dicts, lookups }: Omit<DetailDrawerProps, 'onClose'> & { desktop: Desktop }) {
  const { t } = useTranslation(['desktops', 'orders']);
  const items = useFieldItems(desktop, dicts, lookups);
  return (
    <Flex vertical gap="large" data-testid="desktop-detail">
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }} items={items} />
      <Section title={t('list.detail.accounts')}>
        <AccountsTable desktopId={desktop.desktop_id} />
      </Section>
      <Section title={t('list.detail.subAccounts')}>
        <SubAccountsTable desktopId={desktop.desktop_id} />
      </Section>
      <Section title={t('orders:history.title')}>
        <ResourceOrderHistory
          resourceType="desktop"
          resourceId={desktop.desktop_id}
          fallback={<Skeleton active paragraph={{ rows: 2 }} />}
        />
      </Section>
    </Flex>
  );
}
