import { useState } from 'react';
import { Flex, Typography, type TableColumnsType } from 'antd';
import type { BusinessResource } from '@cloudbay/contracts';
import { BUSINESS_RESOURCE_PERMS } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../../../components/dict-tag';
import { SearchFields } from '../../../../components/search-fields';
import { useDict } from '../../../../lib/dict-cache';
import { regionName, useAreaList, usePhRegions } from '../../../../lib/regions';
import { useListFilter, type ListFilter } from '../../../../lib/use-list-filter';
import { AdminList, AdminSearch, actionsColumn, timeColumn } from '../../../system/shared/admin-list';
import { lazyPart } from '../../../../lib/lazy-part';
import { lazyDialog } from '../../../system/shared/lazy-dialog';
import { PermittedLink } from '../../../system/shared/row-actions';
import { useBusinessResources, type ResourceFilter } from '../api/resource-api';
import { ExpiryCell, ResourceStatusTag } from '../components/resource-cells';
import { ResourceOperations, type ActionChoice } from '../components/resource-operations';

// The drawer and the dialog (antd Descriptions, Table, Radio, InputNumber) load when first opened.
const ResourceDetailDrawer = lazyDialog(
  () => import('../components/resource-detail-drawer').then((m) => ({ Drawer: m.ResourceDetailDrawer })),
  'Drawer',
);
// The export buttons and their download code arrive in their own small chunk (page budget).
const ResourceExportButtons = lazyPart(
  () => import('../components/resource-export-buttons'),
  'ResourceExportButtons',
);
const ResourceActionDialog = lazyDialog(
  () => import('../components/resource-action-dialog'),
  'ResourceActionDialog',
);

/** The run statuses an operator filters by (every kind's, spec §4). */
const STATUSES = [
  'running',
  'stopped',
  'shutdown',
  'starting',
  'stopping',
  'expired',
  'normal',
  'available',
  'allocated',
  'unallocated',
  'releasing',
  'released',
  'deleted',
] as const;
const EXPIRING_DAYS = [3, 7, 15, 30] as const;
type SearchKey =
  'keyword' | 'email' | 'kind' | 'status' | 'region' | 'billing' | 'expiring' | 'includeDeleted';

interface SearchValues {
  keyword?: string;
  email?: string;
  kind?: string;
  status?: string;
  region_id?: number;
  billing_method?: string;
  expiring_days?: number;
  include_deleted?: '1';
}

function toFilter(values: SearchValues): Partial<ResourceFilter> {
  const filter: Partial<ResourceFilter> = {};
  if (values.keyword?.trim()) filter.keyword = values.keyword.trim();
  if (values.email?.trim()) filter.email = values.email.trim();
  if (values.kind) filter.kind = values.kind;
  if (values.status) filter.status = values.status;
  if (values.region_id !== undefined) filter.region_id = values.region_id;
  if (values.billing_method) filter.billing_method = values.billing_method;
  if (values.expiring_days !== undefined) filter.expiring_days = values.expiring_days;
  if (values.include_deleted) filter.include_deleted = values.include_deleted;
  return filter;
}

function useColumns(openDetail: (id: number) => void, choose: (choice: ActionChoice) => void) {
  const { t } = useTranslation('businessResource');
  const dicts = useDict('order_product_type', 'billing_method');
  const columns: TableColumnsType<BusinessResource> = [
    {
      key: 'resource',
      title: t('column.resource'),
      render: (_, r) => (
        <Flex vertical gap={0}>
          <Typography.Text strong>{r.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.resource_id}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'kind',
      title: t('column.kind'),
      render: (_, r) => <DictTag options={dicts.order_product_type} value={r.kind} />,
    },
    { key: 'customer', title: t('column.customer'), dataIndex: 'email' },
    {
      key: 'status',
      title: t('column.status'),
      render: (_, r) => <ResourceStatusTag kind={r.kind} status={r.status} />,
    },
    { key: 'region', title: t('column.region'), responsive: ['xxl'], render: (_, r) => r.region_name ?? '—' },
    {
      key: 'billing',
      title: t('column.billing'),
      responsive: ['xxl'],
      render: (_, r) => <DictTag options={dicts.billing_method} value={r.billing_method} />,
    },
    { key: 'expiresAt', title: t('column.expiresAt'), render: (_, r) => <ExpiryCell resource={r} /> },
    timeColumn('createdAt', t('column.createdAt'), (r) => r.created_at, { secondary: true }),
    actionsColumn(t('column.actions'), (r) => (
      <Flex align="center" gap={4} wrap={false}>
        <PermittedLink
          permission={BUSINESS_RESOURCE_PERMS.query}
          label={t('action.details')}
          onClick={() => openDetail(r.id)}
          testId="resource-details"
        />
        <ResourceOperations resource={r} onChoose={choose} mode="menu" />
      </Flex>
    )),
  ];
  return columns;
}

function ResourceSearch({ list }: { list: ListFilter<ResourceFilter> }) {
  const { t } = useTranslation('businessResource');
  const dicts = useDict('order_product_type', 'billing_method');
  const regions = [...useAreaList(), ...usePhRegions()];
  return (
    <AdminSearch<SearchValues, ResourceFilter> list={list} toFilter={toFilter} testId="resource-search">
      <SearchFields<SearchKey>
        naming={{ label: (key) => t(`filter.${key}`), testId: (key) => `resource-search-${key}` }}
        fields={[
          { key: 'keyword', text: { placeholder: t('filter.keywordPlaceholder'), maxLength: 64 } },
          { key: 'email', text: { placeholder: t('filter.emailPlaceholder'), maxLength: 254 } },
          { key: 'kind', options: dicts.order_product_type },
          { key: 'status', options: STATUSES.map((value) => ({ value, label: t(`status.${value}`) })) },
          {
            key: 'region',
            name: 'region_id',
            options: regions.map((region) => ({ value: region.id, label: regionName(region) })),
          },
          { key: 'billing', name: 'billing_method', options: dicts.billing_method },
          {
            key: 'expiring',
            name: 'expiring_days',
            options: [
              { value: 0, label: t('filter.expired') },
              ...EXPIRING_DAYS.map((days) => ({ value: days, label: t('filter.within', { days }) })),
            ],
          },
          {
            key: 'includeDeleted',
            name: 'include_deleted',
            options: [{ value: '1', label: t('filter.includeDeletedYes') }],
          },
        ]}
      />
    </AdminSearch>
  );
}

/**
 * /business/resource: every in-scope customer's resources (RuoYi-style search card and table), a
 * details drawer with orders and history, and the operator's actions, each with a reason.
 */
export function ResourcePage() {
  const { t } = useTranslation('businessResource');
  const list = useListFilter<ResourceFilter>();
  const resources = useBusinessResources(list.query);
  const [detailId, setDetailId] = useState<number>();
  const [choice, setChoice] = useState<ActionChoice>();

  return (
    <AdminList
      title={t('title')}
      subtitle={t('subtitle')}
      testId="resources"
      query={resources}
      list={list}
      columns={useColumns(setDetailId, setChoice)}
      rowKey="id"
      search={<ResourceSearch list={list} />}
      actions={<ResourceExportButtons filter={list.filter} total={resources.data?.total} />}
    >
      <ResourceDetailDrawer
        open={detailId !== undefined}
        id={detailId}
        onClose={() => setDetailId(undefined)}
        onAction={setChoice}
      />
      {choice && (
        <ResourceActionDialog
          key={`${choice.resource.id}-${choice.action}`}
          open
          resource={choice.resource}
          action={choice.action}
          onClose={() => setChoice(undefined)}
        />
      )}
    </AdminList>
  );
}
