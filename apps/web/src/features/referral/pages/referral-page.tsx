import { useState, type ReactNode } from 'react';
import {
  Button,
  Card,
  Col,
  Flex,
  Result,
  Row,
  Skeleton,
  Statistic,
  Tag,
  Tooltip,
  Typography,
  theme,
  type TableColumnsType,
} from 'antd';
import { CopyOutlined, WalletOutlined } from '@ant-design/icons';
import type { ReferralInvitee, ReferralReward, ReferralSummary, Withdrawal } from '@cloudbay/contracts';
import { DEFAULT_PAGE_SIZE } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../components/copyable-code';
import { LazyTable } from '../../../components/lazy-table';
import { ListEmpty } from '../../../components/list-empty';
import { PageHeading } from '../../../components/page-heading';
import { Pagination } from '../../../components/pagination';
import { SignedAmount } from '../../../components/signed-amount';
import { copyText } from '../../../lib/copy';
import { formatDateTime } from '../../../lib/format-time';
import { formatDollars } from '../../../lib/money';
import { lazyPart } from '../../../lib/lazy-part';
import { lazyDialog } from '../../system/shared/lazy-dialog';
import { useReferralList, useReferralSummary, type ReferralLists } from '../api/referral-api';

// The QR code and the tabs (around lazy tables) download from the page's mount on, a skeleton in
// their place meanwhile; the dialog (antd Form, Radio) loads on demand.
const QRCode = lazyPart(() => import('../../../components/antd-qrcode'), 'QRCode');
const Tabs = lazyPart(() => import('../../../components/antd-tabs'), 'Tabs');
const WithdrawalDialog = lazyDialog(() => import('../components/withdrawal-dialog'), 'WithdrawalDialog');

const QR_SIZE = 148;
const REWARD_KINDS = ['purchase', 'renewal', 'upgrade', 'payg_hourly', 'traffic', 'refund'] as const;
const cents = (text: string) => Math.round(Number(text) * 100);

const STATUS_COLOR: Record<Withdrawal['status'], string> = {
  processing: 'gold',
  success: 'green',
  failed: 'red',
};

function InviteCard({ summary }: { summary: ReferralSummary }) {
  const { t } = useTranslation('referral');
  const { token } = theme.useToken();
  return (
    <Card title={t('invite.title')} style={{ height: '100%' }}>
      <Flex gap="large" wrap align="flex-start">
        <Flex vertical gap="middle" style={{ flex: '1 1 240px', minWidth: 0 }}>
          <div>
            <Typography.Text type="secondary">{t('invite.code')}</Typography.Text>
            <div style={{ fontSize: 20, fontWeight: token.fontWeightStrong }} data-testid="referral-code">
              <CopyableCode value={summary.invite_code} copyLabel={t('invite.copyCode')} />
            </div>
          </div>
          <div>
            <Typography.Text type="secondary">{t('invite.link')}</Typography.Text>
            <Flex gap="small" align="center">
              <Typography.Text
                style={{ wordBreak: 'break-all', fontFamily: token.fontFamilyCode }}
                data-testid="referral-link"
              >
                {summary.invite_link}
              </Typography.Text>
            </Flex>
            <Button
              icon={<CopyOutlined />}
              onClick={() => void copyText(summary.invite_link)}
              style={{ marginTop: 8 }}
              data-testid="referral-copy-link"
            >
              {t('invite.copyLink')}
            </Button>
          </div>
        </Flex>
        <Flex vertical align="center" gap={4}>
          <QRCode
            value={summary.invite_link}
            size={QR_SIZE}
            bordered
            data-testid="referral-qrcode"
            fallback={<div style={{ width: QR_SIZE, height: QR_SIZE }} />}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('invite.qr')}
          </Typography.Text>
        </Flex>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0, fontSize: 13 }}>
        {t('invite.rule', { percent: summary.reward_percent })}
      </Typography.Paragraph>
    </Card>
  );
}

function EarningsCard({ summary, onWithdraw }: { summary: ReferralSummary; onWithdraw: () => void }) {
  const { t } = useTranslation('referral');
  const canWithdraw = cents(summary.withdrawable) >= cents(summary.min_withdrawal);
  const figure = (key: string, label: string, value: string, testId: string, highlight = false) => (
    <Col xs={12} key={key}>
      <Statistic
        title={label}
        value={value}
        styles={{ content: highlight ? { fontSize: 28 } : { fontSize: 20 } }}
        data-testid={testId}
      />
    </Col>
  );
  const withdraw = (
    <Button
      type="primary"
      icon={<WalletOutlined />}
      disabled={!canWithdraw}
      onClick={onWithdraw}
      data-testid="referral-withdraw"
    >
      {t('earnings.withdraw')}
    </Button>
  );
  return (
    <Card
      title={t('earnings.title')}
      extra={
        canWithdraw ? (
          withdraw
        ) : (
          <Tooltip title={t('earnings.minimum', { min: formatDollars(summary.min_withdrawal) })}>
            {withdraw}
          </Tooltip>
        )
      }
      style={{ height: '100%' }}
    >
      <Row gutter={[16, 16]}>
        {figure(
          'withdrawable',
          t('earnings.withdrawable'),
          formatDollars(summary.withdrawable),
          'referral-withdrawable',
          true,
        )}
        {figure('total', t('earnings.total'), formatDollars(summary.earned_total), 'referral-earned', true)}
        {figure(
          'inWithdrawal',
          t('earnings.inWithdrawal'),
          formatDollars(summary.in_withdrawal),
          'referral-in-withdrawal',
        )}
        {figure('withdrawn', t('earnings.withdrawn'), formatDollars(summary.withdrawn), 'referral-withdrawn')}
        {figure(
          'invitees',
          t('earnings.invitees'),
          t('earnings.inviteesCount', { count: summary.invitees }),
          'referral-invitees',
        )}
      </Row>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 12, fontSize: 12 }}>
        {t('earnings.minimum', { min: formatDollars(summary.min_withdrawal) })}
      </Typography.Text>
    </Card>
  );
}

/** One of the page's paged lists, with its own page and size. */
function ReferralTable<K extends keyof ReferralLists>({
  what,
  columns,
  rowKey,
  empty,
}: {
  what: K;
  columns: TableColumnsType<ReferralLists[K]>;
  rowKey: (row: ReferralLists[K]) => string | number;
  empty: ReactNode;
}) {
  const { t } = useTranslation('referral');
  const [page, setPage] = useState({ page: 1, limit: DEFAULT_PAGE_SIZE });
  const query = useReferralList(what, page);
  const total = query.data?.total ?? 0;
  return (
    <Flex vertical gap="middle">
      <LazyTable<ReferralLists[K]>
        rowKey={rowKey}
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
        pagination={false}
        scroll={{ x: 'max-content' }}
        size="middle"
        locale={{
          emptyText: query.isError ? (
            <ListEmpty description={t('loadFailed')} testId={`referral-${what}-failed`} />
          ) : (
            empty
          ),
        }}
        data-testid={`referral-${what}-table`}
      />
      <Pagination
        total={total}
        page={page.page}
        limit={page.limit}
        hidden={total === 0}
        autoScroll={false}
        onChange={(next, limit) => setPage({ page: next, limit })}
      />
    </Flex>
  );
}

function useColumns() {
  const { t } = useTranslation('referral');
  const invitees: TableColumnsType<ReferralInvitee> = [
    { key: 'email', title: t('invitees.email'), dataIndex: 'email' },
    { key: 'joined', title: t('invitees.joined'), render: (_, row) => formatDateTime(row.joined) },
    {
      key: 'spent',
      title: t('invitees.spent'),
      align: 'right',
      render: (_, row) => formatDollars(row.total_spent),
    },
  ];
  const rewards: TableColumnsType<ReferralReward> = [
    { key: 'time', title: t('rewards.time'), render: (_, row) => formatDateTime(row.create_time) },
    { key: 'invitee', title: t('rewards.invitee'), dataIndex: 'invitee_email' },
    {
      key: 'kind',
      title: t('rewards.kind'),
      render: (_, row) =>
        (REWARD_KINDS as readonly string[]).includes(row.kind)
          ? t(`rewards.kinds.${row.kind as (typeof REWARD_KINDS)[number]}`)
          : row.kind,
    },
    { key: 'spend', title: t('rewards.spend'), align: 'right', render: (_, row) => formatDollars(row.spend) },
    { key: 'percent', title: t('rewards.percent'), align: 'right', render: (_, row) => `${row.percent}%` },
    {
      key: 'reward',
      title: t('rewards.reward'),
      align: 'right',
      render: (_, row) => <SignedAmount amount={row.reward} income={!row.reward.startsWith('-')} />,
    },
  ];
  const withdrawals: TableColumnsType<Withdrawal> = [
    { key: 'time', title: t('withdrawals.time'), render: (_, row) => formatDateTime(row.create_time) },
    {
      key: 'amount',
      title: t('withdrawals.amount'),
      align: 'right',
      render: (_, row) => formatDollars(row.amount),
    },
    {
      key: 'channel',
      title: t('withdrawals.channel'),
      render: (_, row) => (
        <Flex vertical gap={2}>
          <span>{t(`withdrawals.channels.${row.channel}`)}</span>
          {row.address ? (
            <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
              {row.address}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('withdrawals.status'),
      render: (_, row) => (
        <Tag color={STATUS_COLOR[row.status]} data-testid={`referral-withdrawal-status-${row.id}`}>
          {t(`withdrawals.statuses.${row.status}`)}
        </Tag>
      ),
    },
    {
      key: 'detail',
      title: t('withdrawals.detail'),
      render: (_, row) =>
        row.failure_reason
          ? t('withdrawals.reason', { reason: row.failure_reason })
          : row.tx_hash
            ? t('withdrawals.txHash', { hash: `${row.tx_hash.slice(0, 10)}…` })
            : '—',
    },
  ];
  return { invitees, rewards, withdrawals };
}

/**
 * /user/pullnew (spec §2 "referral rebate", issue 22): the invite code, link and QR code, the
 * earnings with the withdrawal dialog, and the invitees, rewards and withdrawals, each paged.
 */
export function ReferralPage() {
  const { t } = useTranslation('referral');
  const summary = useReferralSummary();
  const columns = useColumns();
  const [withdrawing, setWithdrawing] = useState(false);

  let body: ReactNode;
  if (summary.isPending) body = <Skeleton active paragraph={{ rows: 8 }} data-testid="referral-loading" />;
  else if (summary.isError || !summary.data)
    body = (
      <Result
        status="warning"
        title={t('loadFailed')}
        extra={<Button onClick={() => void summary.refetch()}>{t('loadFailed')}</Button>}
      />
    );
  else
    body = (
      <>
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={13}>
            <InviteCard summary={summary.data} />
          </Col>
          <Col xs={24} lg={11}>
            <EarningsCard summary={summary.data} onWithdraw={() => setWithdrawing(true)} />
          </Col>
        </Row>
        <Card>
          <Tabs
            fallback={<Skeleton active paragraph={{ rows: 6 }} />}
            data-testid="referral-tabs"
            items={[
              {
                key: 'invitees',
                label: t('tabs.invitees'),
                children: (
                  <ReferralTable
                    what="invitees"
                    columns={columns.invitees}
                    rowKey={(row) => `${row.email}${row.joined}`}
                    empty={<ListEmpty description={t('invitees.empty')} testId="referral-invitees-empty" />}
                  />
                ),
              },
              {
                key: 'rewards',
                label: t('tabs.rewards'),
                children: (
                  <ReferralTable
                    what="rewards"
                    columns={columns.rewards}
                    rowKey={(row) => row.id}
                    empty={<ListEmpty description={t('rewards.empty')} testId="referral-rewards-empty" />}
                  />
                ),
              },
              {
                key: 'withdrawals',
                label: t('tabs.withdrawals'),
                children: (
                  <ReferralTable
                    what="withdrawals"
                    columns={columns.withdrawals}
                    rowKey={(row) => row.id}
                    empty={
                      <ListEmpty description={t('withdrawals.empty')} testId="referral-withdrawals-empty" />
                    }
                  />
                ),
              },
            ]}
          />
        </Card>
        <WithdrawalDialog open={withdrawing} onClose={() => setWithdrawing(false)} summary={summary.data} />
      </>
    );

  return (
    <Flex vertical gap="large" data-testid="page-referral">
      <PageHeading
        title={t('title')}
        subtitle={t('subtitle', { percent: summary.data?.reward_percent ?? '…' })}
      />
      {body}
    </Flex>
  );
}
