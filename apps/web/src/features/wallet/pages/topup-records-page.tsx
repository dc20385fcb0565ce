import { Button, Card, Empty, Flex, Select, Table, Tag, Tooltip, theme, type TableColumnsType } from 'antd';
import { CopyOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { TopupRecord } from '@cloudbay/contracts';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { Pagination } from '../../../components/pagination';
import { copyText } from '../../../lib/copy';
import { usePageQuery } from '../../../lib/use-page-query';
import { useTopups } from '../api/list-topups';
import { useTopupFlow } from '../components/topup-flow';
import { TopupStatusTag } from '../components/topup-status-tag';
import { formatDateTime } from '../../../lib/format-time';
import { formatDollars, formatPayAmount, isPositive } from '../money';
import { TOPUP_STATUS_VALUES, payTypeName, topupStatusName } from '../topup-status';

const STATUS_PARAM = 'status';

/** The status filter in the URL (`?status=2`), so a reload shows the same list. */
function useStatusFilter() {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = Number(searchParams.get(STATUS_PARAM));
  const status = TOPUP_STATUS_VALUES.includes(raw) ? raw : undefined;
  const setStatus = (next: number | undefined) =>
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        if (next === undefined) params.delete(STATUS_PARAM);
        else params.set(STATUS_PARAM, String(next));
        // Another filter is another list: back to its first page.
        params.delete('page');
        return params;
      },
      { replace: true },
    );
  return { status, setStatus };
}

function OrderNo({ no }: { no: string }) {
  const { t } = useTranslation('wallet');
  return (
    <Flex align="center" gap={2}>
      <span style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{no}</span>
      <Tooltip title={t('records.copyNo')}>
        <Button
          type="text"
          size="small"
          icon={<CopyOutlined />}
          aria-label={t('records.copyNo')}
          onClick={() => void copyText(no)}
        />
      </Tooltip>
    </Flex>
  );
}

function Credited({ record }: { record: TopupRecord }) {
  const { t } = useTranslation('wallet');
  const { token } = theme.useToken();
  if (!isPositive(record.actual_money)) return <span style={{ color: token.colorTextQuaternary }}>—</span>;
  return (
    <Flex vertical gap={2}>
      <strong>{formatDollars(record.actual_money)}</strong>
      {isPositive(record.bonus_money) ? (
        <Tag color="gold" style={{ marginInlineEnd: 0, width: 'fit-content' }}>
          {t('records.bonus', { amount: formatDollars(record.bonus_money) })}
        </Tag>
      ) : null}
    </Flex>
  );
}

function useColumns(): TableColumnsType<TopupRecord> {
  const { t } = useTranslation('wallet');
  return [
    { key: 'no', title: t('records.no'), render: (_, record) => <OrderNo no={record.no} />, width: 240 },
    {
      key: 'payType',
      title: t('records.payType'),
      render: (_, record) => t(`payType.${payTypeName(record.pay_type)}`),
    },
    {
      key: 'money',
      title: t('records.money'),
      align: 'right',
      render: (_, record) => formatDollars(record.money),
    },
    {
      key: 'payAmount',
      title: t('records.payAmount'),
      align: 'right',
      render: (_, record) => formatPayAmount(record.rate_amount, record.currency),
    },
    { key: 'actual', title: t('records.actual'), render: (_, record) => <Credited record={record} /> },
    {
      key: 'status',
      title: t('records.status'),
      render: (_, record) => <TopupStatusTag status={record.status} />,
    },
    {
      key: 'createdAt',
      title: t('records.createdAt'),
      render: (_, record) => formatDateTime(record.created_at),
    },
    { key: 'paidAt', title: t('records.paidAt'), render: (_, record) => formatDateTime(record.paid_at) },
  ];
}

/** /mesceter/topup: the user's top-ups, filtered by status and paged by the server (spec §2, §3 Top-up record). */
export function TopupRecordsPage() {
  const { t } = useTranslation('wallet');
  const { token } = theme.useToken();
  const { status, setStatus } = useStatusFilter();
  const { page, limit, setPage } = usePageQuery();
  const topups = useTopups({ page, limit, status });
  const columns = useColumns();
  const topupFlow = useTopupFlow();
  const total = topups.data?.total ?? 0;

  const statusOptions = TOPUP_STATUS_VALUES.map((value) => ({
    value,
    label: t(`status.${topupStatusName(value) ?? 'unknown'}`),
  }));

  return (
    <Flex vertical gap="large" data-testid="page-topups">
      <Flex justify="space-between" align="flex-end" gap="small" wrap>
        <Flex vertical gap={4}>
          <PageTitle>{t('records.title')}</PageTitle>
          <span style={{ color: token.colorTextSecondary }}>{t('records.subtitle')}</span>
        </Flex>
        <Button type="primary" icon={<PlusOutlined />} onClick={topupFlow.start} data-testid="topups-topup">
          {t('button.topup')}
        </Button>
      </Flex>
      <Card>
        <Flex
          justify="space-between"
          align="center"
          gap="small"
          wrap
          style={{ marginBottom: token.marginMD }}
        >
          <Select<number>
            allowClear
            value={status}
            onChange={(value) => setStatus(value ?? undefined)}
            options={statusOptions}
            placeholder={t('records.allStatuses')}
            aria-label={t('records.filterLabel')}
            style={{ minWidth: 180 }}
            data-testid="topups-status-filter"
          />
          <Tooltip title={t('records.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('records.refresh')}
              onClick={() => void topups.refetch()}
              loading={topups.isFetching && !topups.isPending}
              data-testid="topups-refresh"
            />
          </Tooltip>
        </Flex>
        <Table<TopupRecord>
          rowKey="order_id"
          columns={columns}
          dataSource={topups.data?.list ?? []}
          loading={topups.isPending}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t(status === undefined ? 'records.empty' : 'records.emptyFiltered')}
                data-testid="topups-empty"
              />
            ),
          }}
          data-testid="topups-table"
        />
        <Pagination total={total} page={page} limit={limit} onChange={setPage} hidden={!total} />
      </Card>
      {topupFlow.flow}
    </Flex>
  );
}
