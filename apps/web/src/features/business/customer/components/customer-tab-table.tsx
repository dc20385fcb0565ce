import { useState, type ReactNode } from 'react';
import { Empty, Flex, type TableColumnsType } from 'antd';
import { DEFAULT_PAGE_SIZE } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { LazyTable } from '../../../../components/lazy-table';
import { Pagination } from '../../../../components/pagination';
import type { QueryObject } from '../../../../lib/request';
import { useCustomerTab, type CustomerTab } from '../api/customers';

/**
 * One detail tab's list, paged by the server (`GET /business/customer/{userId}/{tab}`). Its page
 * lives in the tab (not the URL): a detail page holds several lists at once. Test ids
 * `customer-<tab>` and `customer-<tab>-table`.
 */
export function CustomerTabTable<T extends object>({
  userId,
  tab,
  columns,
  rowKey,
  filter = {},
  toolbar,
}: {
  userId: number;
  tab: CustomerTab;
  columns: TableColumnsType<T>;
  rowKey: string;
  /** The tab's own filters (a resource kind…); a change goes back to the first page. */
  filter?: QueryObject;
  toolbar?: ReactNode;
}) {
  const testId = `customer-${tab}`;
  const { t } = useTranslation('businessCustomer');
  const [paging, setPaging] = useState({ page: 1, limit: DEFAULT_PAGE_SIZE, filter });
  // A new filter from the tab starts its list again from the first page.
  const current =
    JSON.stringify(paging.filter) === JSON.stringify(filter) ? paging : { ...paging, page: 1, filter };
  const rows = useCustomerTab<T>(userId, tab, { page: current.page, limit: current.limit, ...filter });
  return (
    <Flex vertical gap="middle" data-testid={testId}>
      {toolbar}
      <LazyTable<T>
        rowKey={rowKey}
        columns={columns}
        dataSource={rows.data?.list ?? []}
        loading={rows.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        size="middle"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tabEmpty')} /> }}
        data-testid={`${testId}-table`}
      />
      <Pagination
        total={rows.data?.total ?? 0}
        page={current.page}
        limit={current.limit}
        hidden={!rows.data?.total}
        autoScroll={false}
        onChange={(page, limit) => setPaging({ page, limit, filter })}
      />
    </Flex>
  );
}
