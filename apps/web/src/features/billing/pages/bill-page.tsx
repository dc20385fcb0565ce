import { Flex, theme, type TableColumnsType } from 'antd';
import type { Bill } from '@cloudbay/contracts';
import { BILL_EXPENSE_DICT } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../../components/dict-tag';
import { ListEmpty } from '../../../components/list-empty';
import { PageHeading } from '../../../components/page-heading';
import { RecordList } from '../../../components/record-list';
import { isFiltered } from '../../../lib/date-range';
import { useDict, type DictOption } from '../../../lib/dict-cache';
import { useListFilter } from '../../../lib/use-list-filter';
import { useExportBills } from '../api/export-bills';
import { useBills } from '../api/list-bills';
import { toBillFilter, type BillFilterQuery, type BillSearchValues } from '../bill-filter';
import { BillAmount } from '../components/bill-amount';
import { BillSearchForm } from '../components/bill-search-form';
import { RelatedNo } from '../components/related-no';
import { formatDateTime } from '../../../lib/format-time';
import { formatDollars } from '../../../lib/money';

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
      render: (_, bill) => (
        <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatDollars(bill.balance)}</span>
      ),
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
  const list = useListFilter<BillFilterQuery>();
  const bills = useBills(list.query);
  const { [BILL_EXPENSE_DICT]: expenseTypes } = useDict(BILL_EXPENSE_DICT);
  const columns = useColumns(expenseTypes);
  const exporter = useExportBills();

  return (
    <Flex vertical gap="large" data-testid="page-bills">
      <PageHeading title={t('page.title')} subtitle={t('page.subtitle')} />
      <RecordList
        search={
          <BillSearchForm
            expenseTypes={expenseTypes}
            onSearch={(values: BillSearchValues) => list.applyFilter(toBillFilter(values))}
            onReset={() => list.applyFilter({})}
          />
        }
        query={bills}
        list={list}
        columns={columns}
        rowKey="id"
        emptyText={
          <ListEmpty
            description={t(isFiltered(list.filter) ? 'page.emptyFiltered' : 'page.empty')}
            testId="bills-empty"
          />
        }
        exporter={exporter}
        tableTestId="bills-table"
        exportTestId="bill-export"
      />
    </Flex>
  );
}
