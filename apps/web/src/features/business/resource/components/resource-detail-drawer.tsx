import { Button, Descriptions, Drawer, Flex, Result, Skeleton, Table, Tag, Typography } from 'antd';
import type { BusinessResourceDetail, Order, ResourceHistoryEntry } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../../components/copyable-code';
import { DictTag } from '../../../../components/dict-tag';
import { useDict } from '../../../../lib/dict-cache';
import { formatDateTime } from '../../../../lib/format-time';
import { formatDollars } from '../../../../lib/money';
import { useIsMobile } from '../../../../lib/use-is-mobile';
import { useBusinessResource } from '../api/resource-api';
import { ExpiryCell, ResourceStatusTag } from './resource-cells';
import { ResourceOperations, type ActionChoice } from './resource-operations';

const DRAWER_WIDTH = 720;

/** What an entry of the history did, in one line (the refund, the new expiry, the status change). */
function HistoryResult({ entry }: { entry: ResourceHistoryEntry }) {
  const { t } = useTranslation('businessResource');
  const d = entry.detail as Record<string, string | number | boolean | undefined>;
  if (entry.action === 'release') {
    const rule = t(`dialog.refund.${String(d.refund) as 'none'}`);
    return <>{t('history.refund', { rule, amount: formatDollars(String(d.amount ?? '0.00')) })}</>;
  }
  if (entry.action === 'extend') {
    return <>{t('history.extend', { days: d.days, to: formatDateTime(String(d.to)) })}</>;
  }
  if (entry.action === 'reconcile') {
    const before = d.before as unknown as { status: string };
    const after = d.after as unknown as { status: string };
    return <>{t('history.reconcile', { before: before?.status, after: after?.status })}</>;
  }
  return null;
}

function DetailBody({
  resource,
  onAction,
}: {
  resource: BusinessResourceDetail;
  onAction: (c: ActionChoice) => void;
}) {
  const { t } = useTranslation('businessResource');
  const dicts = useDict('order_product_type', 'billing_method', 'order_action');
  const yesNo = (value: boolean) => (value ? t('detail.yes') : t('detail.no'));
  return (
    <Flex vertical gap="large">
      <ResourceOperations resource={resource} onChoose={onAction} mode="buttons" />
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered data-testid="resource-detail">
        <Descriptions.Item label={t('detail.name')}>{resource.name}</Descriptions.Item>
        <Descriptions.Item label={t('detail.kind')}>
          <DictTag options={dicts.order_product_type} value={resource.kind} />
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.resourceId')}>
          <CopyableCode value={resource.resource_id} copyLabel={t('detail.copy')} />
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.instanceId')}>
          {resource.instance_id ? (
            <CopyableCode value={resource.instance_id} copyLabel={t('detail.copy')} />
          ) : (
            '—'
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.customer')}>{resource.email}</Descriptions.Item>
        <Descriptions.Item label={t('detail.status')}>
          <span data-testid="resource-detail-status">
            <ResourceStatusTag kind={resource.kind} status={resource.status} />
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.region')}>{resource.region_name ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('detail.billing')}>
          <DictTag options={dicts.billing_method} value={resource.billing_method} />
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.expiresAt')}>
          <ExpiryCell resource={resource} />
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.autoRenew')}>{yesNo(resource.auto_renew)}</Descriptions.Item>
        <Descriptions.Item label={t('detail.hourlyPrice')}>
          {formatDollars(resource.hourly_price)}
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.gift')}>{yesNo(resource.gift)}</Descriptions.Item>
        <Descriptions.Item label={t('detail.createdAt')}>
          {formatDateTime(resource.created_at)}
        </Descriptions.Item>
        {resource.deleted_at && (
          <Descriptions.Item label={t('detail.deletedAt')}>
            {formatDateTime(resource.deleted_at)}
          </Descriptions.Item>
        )}
      </Descriptions>

      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('detail.orders')}
      </Typography.Title>
      <Table<Order>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={resource.orders}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('detail.noOrders') }}
        data-testid="resource-orders"
        columns={[
          { key: 'no', title: t('order.no'), dataIndex: 'no' },
          {
            key: 'action',
            title: t('order.action'),
            render: (_, order) => <DictTag options={dicts.order_action} value={order.action} />,
          },
          { key: 'amount', title: t('order.amount'), render: (_, order) => formatDollars(order.paid_amount) },
          {
            key: 'refunded',
            title: t('order.refunded'),
            render: (_, order) => formatDollars(order.refunded_amount),
          },
          { key: 'time', title: t('order.time'), render: (_, order) => formatDateTime(order.created_at) },
        ]}
      />

      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('detail.history')}
      </Typography.Title>
      <Table<ResourceHistoryEntry>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={resource.history}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('detail.noHistory') }}
        data-testid="resource-history"
        columns={[
          {
            key: 'time',
            title: t('history.time'),
            render: (_, e) => formatDateTime(e.created_at, { seconds: true }),
          },
          {
            key: 'action',
            title: t('history.action'),
            render: (_, e) => <Tag>{t(`action.${e.action}`)}</Tag>,
          },
          { key: 'reason', title: t('history.reason'), dataIndex: 'reason' },
          { key: 'result', title: t('history.result'), render: (_, e) => <HistoryResult entry={e} /> },
          { key: 'operator', title: t('history.operator'), render: (_, e) => e.operator_email ?? '—' },
        ]}
      />
    </Flex>
  );
}

/** A resource's details, orders and operator history, with the actions it allows now. */
export function ResourceDetailDrawer({
  open,
  id,
  onClose,
  onAction,
}: {
  open: boolean;
  id: number | undefined;
  onClose: () => void;
  onAction: (choice: ActionChoice) => void;
}) {
  const { t } = useTranslation('businessResource');
  const isMobile = useIsMobile();
  const detail = useBusinessResource(id);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('detail.title')}
      size={isMobile ? '100%' : DRAWER_WIDTH}
      destroyOnHidden
      data-testid="resource-detail-drawer"
    >
      {detail.isError ? (
        <Result
          status="warning"
          title={t('detail.loadFailed')}
          extra={<Button onClick={() => void detail.refetch()}>{t('detail.retry')}</Button>}
        />
      ) : detail.data && detail.data.id === id ? (
        <DetailBody resource={detail.data} onAction={onAction} />
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </Drawer>
  );
}
