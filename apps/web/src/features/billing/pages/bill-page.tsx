import { useState } from 'react';
import { Card, Empty, Flex, Table, theme, type TableColumnsType } from 'antd';
import type { Bill } from '@cloudbay/contracts';
import { BILL_EXPENSE_DICT } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../../components/dict-tag';
import { ExportButton } from '../../../components/export-button';
import { PageTitle } from '../../../components/page-title';
import { Pagination } from '../../../components/pagination';
import { TableToolbar } from '../../../components/table-toolbar';
import { isFiltered } from '../../../lib/date-range';
import { useDict, type DictOption } from '../../../lib/dict-cache';
import { useColumnChoice } from '../../../lib/use-column-choice';
import { usePageQuery } from '../../../lib/use-page-query';
import { useExportBills } from '../api/export-bills';
import { useBills } from '../api/list-bills';
import { toBillFilter, type BillFilterQuery, type BillSearchValues } from '../bill-filter';
import { BillAmount } from '../components/bill-amount';
import { BillSearchForm } from '../components/bill-search-form';
import { RelatedNo } from '../components/related-no';
import { formatDateTime } from '../../../lib/format-time';

function useColumns(expenseTypes: readonly DictOption[]): TableColumnsType<Bill> {
  const { t } = useTranslation('billing');
  const { token } = theme.useToken();
  return [
    {
      key: 'time',
      title: t('column.time'),
      render: (_, bill) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(bill.created_at, { seconds: true })}</span>
      ),
    },
    {
      key: 'expenseType',
      title: t('column.expenseType'),
      render: (_, bill) => <DictTag options={expenseTypes} value={bill.expense_type} />,
    },
    {
      key: 'amount',
      title: t('column.amount'),
      align: 'right',
      render: (_, bill) => <BillAmount bill={bill} />,
    },
    {
      key: 'balance',
      title: t('column.balance'),
      align: 'right',
      render: (_, bill) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>${bill.balance}</span>,
    },
    { key: 'related', title: t('column.related'), render: (_, bill) => <RelatedNo bill={bill} /> },
    {
      key: 'memo',
      title: t('column.memo'),
      render: (_, bill) =>
        bill.memo ? (
          <span style={{ wordBreak: 'break-word' }}>{bill.memo}</span>
        ) : (
          <span style={{ color: token.colorTextQuaternary }}>—</span>
        ),
    },
  ];
}

/** /mesceter/bill: the customer's bills, filtered and paged by the server, exportable as CSV (spec §2, §3, §7). */
export function BillPage() {
  const { t } = useTranslation('billing');
  const { token } = theme.useToken();
  const [showSearch, setShowSearch] = useState(true);
  const [filter, setFilter] = useState<BillFilterQuery>({});
  const { page, limit, setPage, resetPage } = usePageQuery();
  const bills = useBills({ page, limit, ...filter });
  const { [BILL_EXPENSE_DICT]: expenseTypes } = useDict(BILL_EXPENSE_DICT);
  const definitions = useColumns(expenseTypes);
  const { choice, onChange, columns } = useColumnChoice(definitions);
  const { exporting, exportCsv } = useExportBills();
  const total = bills.data?.total ?? 0;

  const applyFilter = (next: BillFilterQuery) => {
    setFilter(next);
    // Another filter is another list: back to its first page.
    resetPage();
  };

  return (
    <Flex vertical gap="large" data-testid="page-bills">
      <Flex vertical gap={4}>
        <PageTitle>{t('page.title')}</PageTitle>
        <span style={{ color: token.colorTextSecondary }}>{t('page.subtitle')}</span>
      </Flex>
      {showSearch ? (
        <Card>
          <BillSearchForm
            expenseTypes={expenseTypes}
            onSearch={(values: BillSearchValues) => applyFilter(toBillFilter(values))}
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
            testId="bill-export"
          />
          <TableToolbar
            showSearch={showSearch}
            onToggleSearch={setShowSearch}
            onRefresh={() => void bills.refetch()}
            columns={choice}
            onColumnsChange={onChange}
          />
        </Flex>
        <Table<Bill>
          rowKey="id"
          columns={columns}
          dataSource={bills.data?.list ?? []}
          loading={bills.isPending || (bills.isFetching && bills.isPlaceholderData)}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t(isFiltered(filter) ? 'page.emptyFiltered' : 'page.empty')}
                data-testid="bills-empty"
              />
            ),
          }}
          data-testid="bills-table"
        />
        <Pagination total={total} page={page} limit={limit} onChange={setPage} hidden={!total} />
      </Card>
    </Flex>
  );
}
