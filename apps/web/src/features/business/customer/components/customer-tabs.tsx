/** The detail page's tabs: profile, and the lists: wallet (bills, top-ups), orders, resources, sub-accounts, sessions, notes, notices. */
import { useState } from 'react';
import {
  App,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Flex,
  Input,
  Select,
  Tabs,
  Tag,
  type TableColumnsType,
} from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { CUSTOMER_NOTE_MAX, ORDER_PRODUCT_TYPES } from '@cloudbay/contracts/core';
import type {
  Bill,
  CustomerDetail,
  CustomerNote,
  CustomerResource,
  CustomerSession,
  Order,
  SubAccount,
  TopupRecord,
  UserNotice,
} from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../../../components/dict-tag';
import { HasPermi } from '../../../../components/access-guards';
import { SignedAmount } from '../../../../components/signed-amount';
import { useDict } from '../../../../lib/dict-cache';
import { formatDateTime } from '../../../../lib/format-time';
import { formatDollars } from '../../../../lib/money';
import { timeColumn } from '../../../system/shared/admin-list';
import { useConfirm } from '../../../system/shared/confirm';
import { PermittedLink } from '../../../system/shared/row-actions';
import { StatusTag } from '../../../system/shared/status';
import { TopupStatusTag } from '../../../wallet/components/topup-status-tag';
import { useAddCustomerNote, useRevokeCustomerSession } from '../api/customers';
import { CustomerTabTable } from './customer-tab-table';

type Props = { userId: number };
const dollars = (amount: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDollars(amount)}</span>;

function WalletTab({ userId }: Props) {
  const { t } = useTranslation('businessCustomer');
  const { bill_expense_type: kinds } = useDict('bill_expense_type');
  const bills: TableColumnsType<Bill> = [
    timeColumn('time', t('wallet.time'), (b) => b.created_at),
    {
      key: 'kind',
      title: t('wallet.kind'),
      render: (_, b) => <DictTag options={kinds} value={b.expense_type} />,
    },
    {
      key: 'amount',
      title: t('wallet.amount'),
      align: 'right',
      render: (_, b) => <SignedAmount amount={b.amount} income={b.amount_type === 'income'} />,
    },
    { key: 'after', title: t('wallet.balanceAfter'), align: 'right', render: (_, b) => dollars(b.balance) },
    { key: 'memo', title: t('wallet.memo'), render: (_, b) => b.memo ?? b.related_no ?? t('none') },
  ];
  const topups: TableColumnsType<TopupRecord> = [
    timeColumn('time', t('wallet.time'), (r) => r.created_at),
    { key: 'no', title: t('wallet.no'), dataIndex: 'no' },
    { key: 'money', title: t('wallet.amount'), align: 'right', render: (_, r) => dollars(r.money) },
    { key: 'status', title: t('wallet.topupStatus'), render: (_, r) => <TopupStatusTag status={r.status} /> },
    timeColumn('paid', t('wallet.paidAt'), (r) => r.paid_at ?? ''),
  ];
  return (
    <Flex vertical gap="large">
      <Card size="small" title={t('wallet.bills')}>
        <CustomerTabTable userId={userId} tab="bills" columns={bills} rowKey="id" />
      </Card>
      <Card size="small" title={t('wallet.topups')}>
        <CustomerTabTable userId={userId} tab="topups" columns={topups} rowKey="order_id" />
      </Card>
    </Flex>
  );
}

function OrdersTab({ userId }: Props) {
  const { t } = useTranslation('businessCustomer');
  const dicts = useDict('order_product_type', 'order_action', 'order_status');
  const columns: TableColumnsType<Order> = [
    { key: 'no', title: t('orders.no'), dataIndex: 'no' },
    {
      key: 'type',
      title: t('orders.productType'),
      render: (_, o) => <DictTag options={dicts.order_product_type} value={o.type} />,
    },
    {
      key: 'action',
      title: t('orders.action'),
      render: (_, o) => <DictTag options={dicts.order_action} value={o.action} />,
    },
    {
      key: 'status',
      title: t('orders.status'),
      render: (_, o) => <DictTag options={dicts.order_status} value={o.status} />,
    },
    { key: 'paid', title: t('orders.paid'), align: 'right', render: (_, o) => dollars(o.paid_amount) },
    {
      key: 'refunded',
      title: t('orders.refunded'),
      align: 'right',
      render: (_, o) => dollars(o.refunded_amount),
    },
    timeColumn('time', t('orders.time'), (o) => o.created_at),
  ];
  return <CustomerTabTable userId={userId} tab="orders" columns={columns} rowKey="id" />;
}

function ResourcesTab({ userId }: Props) {
  const { t } = useTranslation('businessCustomer');
  const [kind, setKind] = useState<string>();
  const [withDeleted, setWithDeleted] = useState(false);
  const columns: TableColumnsType<CustomerResource> = [
    { key: 'id', title: t('resource.id'), dataIndex: 'resourceId' },
    { key: 'kind', title: t('resource.kind'), render: (_, r) => <Tag>{t(`kinds.${r.kind}`)}</Tag> },
    { key: 'name', title: t('resource.name'), dataIndex: 'name' },
    { key: 'status', title: t('resource.status'), dataIndex: 'status' },
    { key: 'region', title: t('resource.region'), render: (_, r) => r.regionName ?? t('none') },
    {
      key: 'billing',
      title: t('resource.billing'),
      render: (_, r) => t(`billing.${r.billingMethod as 'payg' | 'subscription'}`),
    },
    timeColumn('expires', t('resource.expires'), (r) => r.expireTime ?? ''),
    timeColumn('created', t('resource.created'), (r) => r.createTime),
    ...(withDeleted
      ? [timeColumn<CustomerResource>('deleted', t('resource.deleted'), (r) => r.deleteTime ?? '')]
      : []),
  ];
  const toolbar = (
    <Flex gap="middle" align="center" wrap>
      <Select
        allowClear
        placeholder={t('resource.allKinds')}
        value={kind}
        onChange={setKind}
        options={ORDER_PRODUCT_TYPES.map((value) => ({ value, label: t(`kinds.${value}`) }))}
        style={{ width: 180 }}
        data-testid="customer-resources-kind"
      />
      <Checkbox checked={withDeleted} onChange={(event) => setWithDeleted(event.target.checked)}>
        {t('resource.withDeleted')}
      </Checkbox>
    </Flex>
  );
  return (
    <CustomerTabTable
      userId={userId}
      tab="resources"
      columns={columns}
      rowKey="resourceId"
      filter={{ kind, withDeleted: withDeleted ? '1' : undefined }}
      toolbar={toolbar}
    />
  );
}

function SubAccountsTab({ userId }: Props) {
  const { t } = useTranslation('businessCustomer');
  const columns: TableColumnsType<SubAccount> = [
    { key: 'email', title: t('email'), dataIndex: 'email' },
    { key: 'nickname', title: t('nickname'), dataIndex: 'nickname' },
    { key: 'status', title: t('status'), render: (_, s) => <StatusTag value={s.status} /> },
    timeColumn('login', t('profile.loginDate'), (s) => s.loginDate ?? ''),
    timeColumn('created', t('created'), (s) => s.createTime),
  ];
  return <CustomerTabTable userId={userId} tab="sub-accounts" columns={columns} rowKey="userId" />;
}

function SessionsTab({ userId }: Props) {
  const { t } = useTranslation('businessCustomer');
  const { message } = App.useApp();
  const confirm = useConfirm();
  const revoke = useRevokeCustomerSession(userId);
  const columns: TableColumnsType<CustomerSession> = [
    { key: 'ip', title: t('session.ip'), dataIndex: 'ip' },
    { key: 'browser', title: t('session.browser'), render: (_, s) => s.browser ?? t('none') },
    { key: 'os', title: t('session.os'), render: (_, s) => s.os ?? t('none') },
    timeColumn('login', t('session.loginTime'), (s) => s.loginTime),
    timeColumn('seen', t('session.lastSeen'), (s) => s.lastSeenTime),
    {
      key: 'actions',
      title: t('actions'),
      render: (_, s) => (
        <PermittedLink
          permission="business:customer:edit"
          danger
          icon={<LogoutOutlined />}
          label={t('session.revoke')}
          onClick={() =>
            confirm({
              title: t('session.revokeTitle'),
              content: t('session.revokeConfirm', { ip: s.ip }),
              okText: t('session.revoke'),
              run: () =>
                revoke.mutateAsync(s.sessionId).then(() => void message.success(t('session.revoked'))),
            })
          }
        />
      ),
    },
  ];
  return <CustomerTabTable userId={userId} tab="sessions" columns={columns} rowKey="sessionId" />;
}

function NotesTab({ userId }: Props) {
  const { t } = useTranslation('businessCustomer');
  const { message } = App.useApp();
  const [body, setBody] = useState('');
  const add = useAddCustomerNote(userId);
  const columns: TableColumnsType<CustomerNote> = [
    timeColumn('time', t('note.time'), (n) => n.createTime),
    { key: 'author', title: t('note.author'), render: (_, n) => n.author?.email ?? t('note.deletedAuthor') },
    {
      key: 'body',
      title: t('tabs.notes'),
      dataIndex: 'body',
      render: (text: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{text}</span>,
    },
  ];
  const submit = () =>
    add.mutate(body.trim(), {
      onSuccess: () => {
        setBody('');
        void message.success(t('note.added'));
      },
    });
  const form = (
    <HasPermi value={['business:customer:edit']}>
      <Flex vertical gap="small" align="flex-end">
        <Input.TextArea
          value={body}
          onChange={(event) => setBody(event.target.value)}
          placeholder={t('note.placeholder')}
          maxLength={CUSTOMER_NOTE_MAX}
          showCount
          autoSize={{ minRows: 2, maxRows: 6 }}
          data-testid="customer-note-input"
        />
        <Button
          type="primary"
          disabled={!body.trim()}
          loading={add.isPending}
          onClick={submit}
          data-testid="customer-note-add"
        >
          {t('note.add')}
        </Button>
      </Flex>
    </HasPermi>
  );
  return <CustomerTabTable userId={userId} tab="notes" columns={columns} rowKey="noteId" toolbar={form} />;
}

function NoticesTab({ userId }: Props) {
  const { t } = useTranslation('businessCustomer');
  const columns: TableColumnsType<UserNotice> = [
    timeColumn('time', t('notice.time'), (n) => n.created_at),
    { key: 'title', title: t('notice.title'), dataIndex: 'title' },
    {
      key: 'read',
      title: t('notice.read'),
      render: (_, n) =>
        n.is_read ? <Tag color="success">{t('notice.read')}</Tag> : <Tag>{t('notice.unread')}</Tag>,
    },
  ];
  return <CustomerTabTable userId={userId} tab="notices" columns={columns} rowKey="notice_id" />;
}

/** The detail page's tabs; only the open one is mounted (and fetches its list). */
export function CustomerTabs({ customer }: { customer: CustomerDetail }) {
  const { t } = useTranslation('businessCustomer');
  const userId = customer.userId;
  const items = [
    { key: 'profile', label: t('tabs.profile'), children: <ProfileTab customer={customer} /> },
    { key: 'wallet', label: t('tabs.wallet'), children: <WalletTab userId={userId} /> },
    { key: 'orders', label: t('tabs.orders'), children: <OrdersTab userId={userId} /> },
    { key: 'resources', label: t('tabs.resources'), children: <ResourcesTab userId={userId} /> },
    { key: 'subAccounts', label: t('tabs.subAccounts'), children: <SubAccountsTab userId={userId} /> },
    { key: 'sessions', label: t('tabs.sessions'), children: <SessionsTab userId={userId} /> },
    { key: 'notes', label: t('tabs.notes'), children: <NotesTab userId={userId} /> },
    { key: 'notices', label: t('tabs.notices'), children: <NoticesTab userId={userId} /> },
  ];
  return <Tabs items={items} destroyOnHidden data-testid="customer-tabs" />;
}

function ProfileTab({ customer: c }: { customer: CustomerDetail }) {
  const { t } = useTranslation('businessCustomer');
  const none = t('none');
  return (
    <Descriptions column={{ xs: 1, lg: 2, xxl: 3 }} bordered size="small" data-testid="customer-profile">
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
