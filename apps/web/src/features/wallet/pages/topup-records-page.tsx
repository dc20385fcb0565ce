import { Button, Flex, Tag, theme, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { TopupRecord } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../components/copyable-code';
import { ListEmpty } from '../../../components/list-empty';
import { PageHeading } from '../../../components/page-heading';
import { RecordList } from '../../../components/record-list';
import { isFiltered } from '../../../lib/date-range';
import { formatDateTime } from '../../../lib/format-time';
import { useListFilter } from '../../../lib/use-list-filter';
import { useExportTopups } from '../api/export-topups';
import { useTopups } from '../api/list-topups';
import { TopupSearchForm } from '../components/topup-search-form';
import { useTopupFlow } from '../components/topup-flow';
import { TopupStatusTag } from '../components/topup-status-tag';
import { formatDollars, isPositive } from '../../../lib/money';
import { formatPayAmount } from '../money';
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
  const list = useListFilter<TopupFilterQuery>();
  const topups = useTopups(list.query);
  const columns = useColumns();
  const exporter = useExportTopups();
  const topupFlow = useTopupFlow();

  return (
    <Flex vertical gap="large" data-testid="page-topups">
      <PageHeading
        title={t('records.title')}
        subtitle={t('records.subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={topupFlow.start} data-testid="topups-topup">
            {t('button.topup')}
          </Button>
        }
      />
      <RecordList
        search={
          <TopupSearchForm
            onSearch={(values: TopupSearchValues) => list.applyFilter(toTopupFilter(values))}
            onReset={() => list.applyFilter({})}
          />
        }
        query={topups}
        list={list}
        columns={columns}
        rowKey="order_id"
        emptyText={
          <ListEmpty
            description={t(isFiltered(list.filter) ? 'records.emptyFiltered' : 'records.empty')}
            testId="topups-empty"
          />
        }
        exporter={exporter}
        tableTestId="topups-table"
        exportTestId="topups-export"
      />
      {topupFlow.flow}
    </Flex>
  );
}
