import { useEffect, useState, type ReactNode } from 'react';
import { App, Button, Card, Descriptions, Flex, Result, Skeleton, Space, Statistic, Tag } from 'antd';
import { ArrowLeftOutlined, SettingOutlined } from '@ant-design/icons';
import type { CustomerDetail } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { HasPermi } from '../../../../components/access-guards';
import { PageHeading } from '../../../../components/page-heading';
import { formatDateTime } from '../../../../lib/format-time';
import { lazyPart } from '../../../../lib/lazy-part';
import { formatDollars } from '../../../../lib/money';
import { lazyDialog } from '../../../system/shared/lazy-dialog';
import { useConfirm } from '../../../system/shared/confirm';
import { StatusTag } from '../../../system/shared/status';
import { useChangeCustomerStatus, useCustomer } from '../api/customers';
import { CustomerExtraActions } from '../components/customer-extra-actions';
import {
  NotesTab,
  NoticesTab,
  OrdersTab,
  ResourcesTab,
  SessionsTab,
  SubAccountsTab,
  WalletTab,
} from '../components/customer-tabs';

// antd Tabs: its own chunk, from the page's mount on, with the customer's detail.
const Tabs = lazyPart(() => import('../../../../components/antd-tabs'), 'Tabs');
const SettingsDialog = lazyDialog(
  () => import('../components/customer-settings-dialog'),
  'CustomerSettingsDialog',
);
const LIST_PAGE = '/business/customer';

/** /business/customer-detail/{userId} (a hidden menu page): one customer, its tabs and settings. */
export function CustomerDetailPage() {
  const { userId = '' } = useParams();
  const { t } = useTranslation('businessCustomer');
  // The id is digits only, as RuoYi's routes; anything else is no customer.
  if (!/^\d{1,15}$/.test(userId))
    return <Result status="404" title={t('notFound')} data-testid="customer-invalid" />;
  return <CustomerDetailView userId={Number(userId)} />;
}

function CustomerDetailView({ userId }: { userId: number }) {
  const { t } = useTranslation('businessCustomer');
  const navigate = useNavigate();
  const customer = useCustomer(userId);
  useEffect(() => Tabs.prefetch(), []);
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(LIST_PAGE)} data-testid="customer-back">
      {t('back')}
    </Button>
  );
  if (customer.isError)
    return <Result status="404" title={t('notFound')} extra={back} data-testid="customer-not-found" />;
  if (!customer.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const c = customer.data;
  const tabs: Array<{ key: string; label: string; children: ReactNode }> = [
    { key: 'profile', label: t('tabs.profile'), children: <ProfileTab customer={c} /> },
    { key: 'wallet', label: t('tabs.wallet'), children: <WalletTab userId={userId} /> },
    { key: 'orders', label: t('tabs.orders'), children: <OrdersTab userId={userId} /> },
    { key: 'resources', label: t('tabs.resources'), children: <ResourcesTab userId={userId} /> },
    { key: 'subAccounts', label: t('tabs.subAccounts'), children: <SubAccountsTab userId={userId} /> },
    { key: 'sessions', label: t('tabs.sessions'), children: <SessionsTab userId={userId} /> },
    { key: 'notes', label: t('tabs.notes'), children: <NotesTab userId={userId} /> },
    { key: 'notices', label: t('tabs.notices'), children: <NoticesTab userId={userId} /> },
  ];
  return (
    <Flex vertical gap="large" data-testid="page-business-customer-detail">
      <PageHeading
        title={t('detailTitle', { email: c.email })}
        subtitle={t('detailSubtitle')}
        extra={<HeaderActions customer={c} back={back} />}
      />
      <Card size="small">
        <Flex gap="large" wrap justify="space-around">
          <Statistic title={t('balance')} value={formatDollars(c.balance)} data-testid="customer-balance" />
          <Statistic title={t('profile.holdBalance')} value={formatDollars(c.holdBalance)} />
          <Statistic title={t('topupTotal')} value={formatDollars(c.topupTotal)} />
          <Statistic title={`${t('spent')} · ${t('spentMonth')}`} value={formatDollars(c.spentMonth)} />
          <Statistic title={`${t('spent')} · ${t('spentTotal')}`} value={formatDollars(c.spentTotal)} />
        </Flex>
      </Card>
      <Card>
        <Tabs fallback={<Skeleton active />} items={tabs} destroyOnHidden data-testid="customer-tabs" />
      </Card>
    </Flex>
  );
}

function HeaderActions({ customer, back }: { customer: CustomerDetail; back: ReactNode }) {
  const { t } = useTranslation('businessCustomer');
  const { message } = App.useApp();
  const confirm = useConfirm();
  const changeStatus = useChangeCustomerStatus();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const enable = customer.status === '1';
  const toggle = () =>
    confirm({
      title: enable ? t('enableTitle') : t('disableTitle'),
      content: enable
        ? t('enableConfirm', { email: customer.email })
        : t('disableConfirm', { email: customer.email }),
      okText: enable ? t('enable') : t('disable'),
      run: () =>
        changeStatus
          .mutateAsync({ userId: customer.userId, status: enable ? '0' : '1' })
          .then(() => void message.success(enable ? t('enabled') : t('disabled'))),
    });
  return (
    <Space wrap>
      {back}
      <CustomerExtraActions customer={customer} placement="header" />
      <HasPermi value={['business:customer:edit']}>
        <Button
          icon={<SettingOutlined />}
          onClick={() => setSettingsOpen(true)}
          data-testid="customer-settings-open"
        >
          {t('settings')}
        </Button>
        <Button danger={!enable} onClick={toggle} data-testid="customer-status-toggle">
          {enable ? t('enable') : t('disable')}
        </Button>
      </HasPermi>
      {settingsOpen ? (
        <SettingsDialog open customer={customer} onClose={() => setSettingsOpen(false)} />
      ) : null}
    </Space>
  );
}

function ProfileTab({ customer: c }: { customer: CustomerDetail }) {
  const { t } = useTranslation('businessCustomer');
  const none = t('none');
  return (
    <Descriptions column={{ xs: 1, sm: 2, xl: 3 }} bordered size="small" data-testid="customer-profile">
      <Descriptions.Item label={t('id')}>{c.userId}</Descriptions.Item>
      <Descriptions.Item label={t('email')}>{c.email}</Descriptions.Item>
      <Descriptions.Item label={t('nickname')}>{c.nickname}</Descriptions.Item>
      <Descriptions.Item label={t('status')}>
        <StatusTag value={c.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('dept')}>{c.deptName || none}</Descriptions.Item>
      <Descriptions.Item label={t('owner')}>{c.owner?.email ?? none}</Descriptions.Item>
      <Descriptions.Item label={t('profile.phWhiteUser')}>
        <Tag color={c.phWhiteUser ? 'success' : 'default'} data-testid="customer-phone-flag">
          {c.phWhiteUser ? t('profile.phOpen') : t('profile.phClosed')}
        </Tag>
      </Descriptions.Item>
      <Descriptions.Item label={t('profile.maxSubAccounts')}>
        {c.maxSubAccountsCustom ? c.maxSubAccounts : t('profile.defaultLimit', { count: c.maxSubAccounts })}
      </Descriptions.Item>
      <Descriptions.Item label={t('subAccounts')}>{c.subAccounts}</Descriptions.Item>
      <Descriptions.Item label={t('resources')}>
        {t('desktops')} {c.desktops} · {t('phones')} {c.phones} · {t('networks')} {c.networks}
      </Descriptions.Item>
      <Descriptions.Item label={t('profile.arrears')}>
        {c.arrears ? t('profile.yes') : t('profile.no')}
      </Descriptions.Item>
      <Descriptions.Item label={t('invitedBy')}>{c.invitedBy?.email ?? none}</Descriptions.Item>
      <Descriptions.Item label={t('profile.inviteCode')}>{c.inviteCode}</Descriptions.Item>
      <Descriptions.Item label={t('profile.language')}>{c.language}</Descriptions.Item>
      <Descriptions.Item label={t('profile.loginDate')}>
        {formatDateTime(c.loginDate) || none}
      </Descriptions.Item>
      <Descriptions.Item label={t('profile.loginIp')}>{c.loginIp ?? none}</Descriptions.Item>
      <Descriptions.Item label={t('created')}>{formatDateTime(c.createTime)}</Descriptions.Item>
    </Descriptions>
  );
}
