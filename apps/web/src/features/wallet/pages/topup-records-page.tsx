import { useState } from 'react';
import { Button, Card, Empty, Flex, Table, Tag, theme, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { TopupRecord } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../components/copyable-code';
import { ExportButton } from '../../../components/export-button';
import { PageTitle } from '../../../components/page-title';
import { Pagination } from '../../../components/pagination';
import { TableToolbar } from '../../../components/table-toolbar';
import { isFiltered } from '../../../lib/date-range';
import { formatDateTime } from '../../../lib/format-time';
import { useColumnChoice } from '../../../lib/use-column-choice';
import { usePageQuery } from '../../../lib/use-page-query';
import { useExportTopups } from '../api/export-topups';
import { useTopups } from '../api/list-topups';
import { TopupSearchForm } from '../components/topup-search-form';
import { useTopupFlow } from '../components/topup-flow';
import { TopupStatusTag } from '../components/topup-status-tag';
import { formatDollars, formatPayAmount, isPositive } from '../money';
import { toTopupFilter, type TopupFilterQuery, type TopupSearchValues } from '../topup-filter';
import { payTypeName } from '../topup-status';

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
    {
      key: 'no',
      title: t('records.no'),
      render: (_, record) => <CopyableCode value={record.no} copyLabel={t('records.copyNo')} />,
      width: 240,
    },
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

/** /mesceter/topup: the user's top-ups, filtered and paged by the server, exportable as CSV (spec §2, §3 Top-up record, §7). */
export function TopupRecordsPage() {
  const { t } = useTranslation('wallet');
  const { token } = theme.useToken();
  const [showSearch, setShowSearch] = useState(true);
  const [filter, setFilter] = useState<TopupFilterQuery>({});
  const { page, limit, setPage, resetPage } = usePageQuery();
  const topups = useTopups({ page, limit, ...filter });
  const definitions = useColumns();
  const { choice, onChange, columns } = useColumnChoice(definitions);
  const { exporting, exportCsv } = useExportTopups();
  const topupFlow = useTopupFlow();
  const total = topups.data?.total ?? 0;

  const applyFilter = (next: TopupFilterQuery) => {
    setFilter(next);
    // Another filter is another list: back to its first page.
    resetPage();
  };

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
      {showSearch ? (
        <Card>
          <TopupSearchForm
            onSearch={(values: TopupSearchValues) => applyFilter(toTopupFilter(values))}
            onReset={() => applyFilter({})}
          />
        </Card>
      ) : null}
      <Card>
        <Flex
          justify="space-between"
          align="center"
          gap="small"
          wrap
          style={{ marginBottom: token.marginMD }}
        >
          <ExportButton
            total={total}
            exporting={exporting}
            onExport={() => void exportCsv(filter)}
            testId="topups-export"
          />
          <TableToolbar
            showSearch={showSearch}
            onToggleSearch={setShowSearch}
            onRefresh={() => void topups.refetch()}
            columns={choice}
            onColumnsChange={onChange}
          />
        </Flex>
        <Table<TopupRecord>
          rowKey="order_id"
          columns={columns}
          dataSource={topups.data?.list ?? []}
          loading={topups.isPending || (topups.isFetching && topups.isPlaceholderData)}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t(isFiltered(filter) ? 'records.emptyFiltered' : 'records.empty')}
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
