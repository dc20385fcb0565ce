import { useEffect, useState, type ReactNode } from 'react';
import { App, Button, Card, Flex, Result, Skeleton, Statistic } from 'antd';
import { ArrowLeftOutlined, SettingOutlined } from '@ant-design/icons';
import type { CustomerDetail } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { HasPermi } from '../../../../components/access-guards';
import { PageHeading } from '../../../../components/page-heading';
import { lazyPart } from '../../../../lib/lazy-part';
import { formatDollars } from '../../../../lib/money';
import { lazyDialog } from '../../../system/shared/lazy-dialog';
import { useConfirm } from '../../../system/shared/confirm';
import { useChangeCustomerStatus, useCustomer } from '../api/customers';
import { CustomerExtraActions } from '../components/customer-extra-actions';
// The tabs (antd Tabs, Descriptions, the lists and the note form): their own chunk, downloaded from
// the page's mount on, in parallel with the customer's detail.
const CustomerTabs = lazyPart(() => import('../components/customer-tabs'), 'CustomerTabs');
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
  useEffect(() => CustomerTabs.prefetch(), []);
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(LIST_PAGE)} data-testid="customer-back">
      {t('back')}
    </Button>
  );
  if (customer.isError)
    return <Result status="404" title={t('notFound')} extra={back} data-testid="customer-not-found" />;
  if (!customer.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const c = customer.data;
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
        <CustomerTabs customer={c} fallback={<Skeleton active paragraph={{ rows: 6 }} />} />
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
  // Flex's CSS gap spaces every button, also those of the groups (Space would space each group
  // as one item, its buttons touching).
  return (
    <Flex wrap gap="small">
      {back}
      <CustomerExtraActions customer={customer} />
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
    </Flex>
  );
}
