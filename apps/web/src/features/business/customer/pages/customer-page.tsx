import { Flex, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DesktopOutlined, EyeOutlined, GlobalOutlined, MobileOutlined } from '@ant-design/icons';
import type { Customer } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { HasPermi } from '../../../../components/access-guards';
import { DateRangeField, SelectField, TextField } from '../../../../components/search-form';
import { useAccess } from '../../../../lib/access';
import { formatDollars } from '../../../../lib/money';
import { useListFilter } from '../../../../lib/use-list-filter';
import { actionsColumn, AdminList, AdminSearch, timeColumn } from '../../../system/shared/admin-list';
import { IconLink } from '../../../system/shared/row-actions';
import { StatusTag, useStatusOptions } from '../../../system/shared/status';
import { SheetExportButtons } from '../../shared/sheet-export-buttons';
import { useCustomers, useExportCustomers, type CustomerFilter } from '../api/customers';
import { SORTS, toFilter, type SearchValues } from '../customer-filter';

/** The hidden detail page of one customer (menu `business-customer-detail`). */
export const customerDetailPath = (userId: number) => `/business/customer-detail/${userId}`;

/**
 * /business/customer (issue 18): the customers in the caller's data scope with their balance, what
 * they topped up and spent, their live resources and who looks after them; details per customer.
 */
export function CustomerPage() {
  const { t } = useTranslation('businessCustomer');
  const navigate = useNavigate();
  const { hasPermi } = useAccess();
  const list = useListFilter<CustomerFilter>();
  const customers = useCustomers(list.query);
  const exporter = useExportCustomers();
  const statuses = useStatusOptions();
  const none = t('none');
  const money = (amount: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDollars(amount)}</span>;

  const columns: TableColumnsType<Customer> = [
    { key: 'id', title: t('id'), dataIndex: 'userId', width: 72, responsive: ['xxl'] },
    {
      key: 'email',
      title: t('email'),
      ellipsis: { showTitle: true },
      render: (_, c) =>
        hasPermi('business:customer:query') ? (
          <Link to={customerDetailPath(c.userId)} data-testid={`customer-link-${c.userId}`}>
            {c.email}
          </Link>
        ) : (
          c.email
        ),
    },
    {
      key: 'nickname',
      title: t('nickname'),
      dataIndex: 'nickname',
      ellipsis: { showTitle: true },
      responsive: ['lg'],
    },
    { key: 'balance', title: t('balance'), align: 'right', render: (_, c) => money(c.balance) },
    {
      key: 'topup',
      title: t('topupTotal'),
      align: 'right',
      responsive: ['xl'],
      render: (_, c) => money(c.topupTotal),
    },
    {
      key: 'spent',
      title: t('spent'),
      align: 'right',
      responsive: ['md'],
      render: (_, c) => (
        <Tooltip
          title={`${t('spentMonth')} ${formatDollars(c.spentMonth)} · ${t('spentTotal')} ${formatDollars(c.spentTotal)}`}
        >
          <Flex vertical align="flex-end">
            {money(c.spentTotal)}
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
              {t('spentMonth')} {formatDollars(c.spentMonth)}
            </Typography.Text>
          </Flex>
        </Tooltip>
      ),
    },
    {
      key: 'resources',
      title: t('resources'),
      responsive: ['lg'],
      render: (_, c) => (
        <Space size={[4, 4]} wrap>
          <Tag title={t('desktops')} icon={<DesktopOutlined />}>
            {c.desktops}
          </Tag>
          <Tag title={t('phones')} icon={<MobileOutlined />}>
            {c.phones}
          </Tag>
          <Tag title={t('networks')} icon={<GlobalOutlined />}>
            {c.networks}
          </Tag>
        </Space>
      ),
    },
    {
      key: 'subAccounts',
      title: t('subAccounts'),
      dataIndex: 'subAccounts',
      align: 'right',
      responsive: ['xxl'],
    },
    {
      key: 'invitedBy',
      title: t('invitedBy'),
      responsive: ['xxl'],
      ellipsis: { showTitle: true },
      render: (_, c) => c.invitedBy?.email ?? none,
    },
    {
      key: 'dept',
      title: `${t('dept')} / ${t('owner')}`,
      responsive: ['xl'],
      render: (_, c) => (
        <Flex vertical>
          <span>{c.deptName || none}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
            {c.owner?.email ?? none}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'status', title: t('status'), render: (_, c) => <StatusTag value={c.status} /> },
    timeColumn('created', t('created'), (c) => c.createTime, { secondary: true }),
    actionsColumn(t('actions'), (c) => (
      <Flex gap={4} wrap={false}>
        <HasPermi value={['business:customer:query']}>
          <IconLink
            icon={<EyeOutlined />}
            label={t('detail')}
            onClick={() => void navigate(customerDetailPath(c.userId))}
            testId={`customer-detail-${c.userId}`}
          />
        </HasPermi>
      </Flex>
    )),
  ];

  const sortOptions = SORTS.map((value) => ({ value, label: t(`sortOptions.${value}`) }));
  return (
    <AdminList<Customer, CustomerFilter>
      title={t('title')}
      subtitle={t('subtitle')}
      testId="page-business-customer"
      query={customers}
      list={list}
      columns={columns}
      rowKey="userId"
      search={
        <AdminSearch<SearchValues, CustomerFilter> list={list} toFilter={toFilter} testId="customer-search">
          <TextField
            name="email"
            label={t('email')}
            placeholder={t('emailPlaceholder')}
            maxLength={254}
            testId="customer-search-email"
          />
          <TextField
            name="nickname"
            label={t('nickname')}
            placeholder={t('nicknamePlaceholder')}
            maxLength={30}
            testId="customer-search-nickname"
          />
          <SelectField name="status" label={t('status')} options={statuses} testId="customer-search-status" />
          <TextField
            name="balanceMin"
            label={t('balanceMin')}
            placeholder={t('amountPlaceholder')}
            maxLength={12}
            testId="customer-search-balance-min"
          />
          <TextField
            name="balanceMax"
            label={t('balanceMax')}
            placeholder={t('amountPlaceholder')}
            maxLength={12}
            testId="customer-search-balance-max"
          />
          <SelectField
            name="arrears"
            label={t('arrears')}
            options={[{ value: '1', label: t('arrearsOnly') }]}
            testId="customer-search-arrears"
          />
          <SelectField name="sort" label={t('sort')} options={sortOptions} testId="customer-search-sort" />
          <DateRangeField label={t('created')} testId="customer-search-range" />
        </AdminSearch>
      }
      actions={
        <SheetExportButtons
          permission="business:customer:export"
          exporter={exporter}
          filter={list.filter}
          total={customers.data?.total}
          labels={{ xlsx: t('export'), csv: t('exportCsv') }}
          testId="customer-export"
        />
      }
    />
  );
}
