import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Flex,
  Result,
  Skeleton,
  Typography,
  theme,
  type DescriptionsProps,
  type TableColumnsType,
} from 'antd';
import type { Bill, OrderDetail } from '@cloudbay/contracts';
import { BILL_EXPENSE_DICT } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../components/copyable-code';
import { DictTag } from '../../../components/dict-tag';
import { SignedAmount } from '../../../components/signed-amount';
import { TableSection } from '../../../components/table-section';
import { useDict } from '../../../lib/dict-cache';
import { formatDateTime } from '../../../lib/format-time';
import { regionName, useAreaList, usePhRegions } from '../../../lib/regions';
import { useIsMobile } from '../../../lib/use-is-mobile';
import type zhOrders from '../../../locales/zh-CN/orders.json';
import { useOrder } from '../api/get-order';
import type { OrderDicts } from '../order-dicts';
import { Dollars, OrderBilling, PaidAmount } from './order-amount';

const DRAWER_WIDTH = 720;
type SpecKey = keyof typeof zhOrders.spec;

/** The region's name in the list it belongs to (phone products are sold in the phone regions). */
function useRegionLabel(order: Pick<OrderDetail, 'region_id' | 'type'>): string | undefined {
  const desktopRegions = useAreaList();
  const phoneRegions = usePhRegions();
  if (order.region_id === null) return undefined;
  const regions = order.type.startsWith('phone') ? phoneRegions : desktopRegions;
  const region = regions.find((candidate) => candidate.id === order.region_id);
  return region ? regionName(region) : `#${order.region_id}`;
}

function useSpecItems(spec: OrderDetail['spec']): DescriptionsProps['items'] {
  const { t, i18n } = useTranslation('orders');
  const label = (key: string) =>
    i18n.exists(`spec.${key}`, { ns: 'orders' }) ? t(`spec.${key as SpecKey}`) : key;
  const show = (value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (typeof value === 'boolean') return t(value ? 'detail.yes' : 'detail.no');
    if (Array.isArray(value)) return value.map(show).join(', ');
    if (typeof value === 'object') return JSON.stringify(value);
    return String(value as string | number);
  };
  return Object.entries(spec).map(([key, value]) => ({ key, label: label(key), children: show(value) }));
}

function useBillColumns(): TableColumnsType<Bill> {
  const { t } = useTranslation('orders');
  const { [BILL_EXPENSE_DICT]: expenseTypes } = useDict(BILL_EXPENSE_DICT);
  return [
    {
      key: 'time',
      title: t('bill.time'),
      render: (_, bill) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(bill.created_at, { seconds: true })}</span>
      ),
    },
    {
      key: 'expenseType',
      title: t('bill.expenseType'),
      render: (_, bill) => <DictTag options={expenseTypes} value={bill.expense_type} />,
    },
    {
      key: 'amount',
      title: t('bill.amount'),
      align: 'right',
      render: (_, bill) => (
        <SignedAmount
          amount={bill.amount}
          income={bill.amount_type === 'income'}
          testId="order-bill-amount"
        />
      ),
    },
    {
      key: 'balance',
      title: t('bill.balance'),
      align: 'right',
      render: (_, bill) => <Dollars amount={bill.balance} />,
    },
  ];
}

function SectionTitle({ children }: { children: string }) {
  return (
    <Typography.Title level={5} style={{ margin: 0 }}>
      {children}
    </Typography.Title>
  );
}

export function OrderDetailBody({ order, dicts }: { order: OrderDetail; dicts: OrderDicts }) {
  const { t } = useTranslation('orders');
  const { token } = theme.useToken();
  const region = useRegionLabel(order);
  const specItems = useSpecItems(order.spec);
  const billColumns = useBillColumns();
  const items: DescriptionsProps['items'] = [
    {
      key: 'no',
      label: t('column.no'),
      span: 'filled',
      children: <CopyableCode value={order.no} copyLabel={t('page.copyNo')} />,
    },
    {
      key: 'type',
      label: t('column.productType'),
      children: <DictTag options={dicts.order_product_type} value={order.type} />,
    },
    {
      key: 'action',
      label: t('column.action'),
      children: <DictTag options={dicts.order_action} value={order.action} />,
    },
    {
      key: 'status',
      label: t('column.status'),
      children: <DictTag options={dicts.order_status} value={order.status} />,
    },
    {
      key: 'resourceStatus',
      label: t('column.resourceStatus'),
      children: <DictTag options={dicts.resource_status} value={order.resource_status} />,
    },
    { key: 'quantity', label: t('column.quantity'), children: order.quantity },
    {
      key: 'billing',
      label: t('column.billing'),
      children: <OrderBilling order={order} billingMethods={dicts.billing_method} />,
    },
    {
      key: 'original',
      label: t('column.originalAmount'),
      children: <Dollars amount={order.original_amount} />,
    },
    {
      key: 'paid',
      label: t('column.paidAmount'),
      children: (
        <Flex>
          <PaidAmount order={order} />
        </Flex>
      ),
    },
    { key: 'region', label: t('detail.region'), children: region ?? '—' },
    { key: 'createdAt', label: t('column.createdAt'), children: formatDateTime(order.created_at) },
    { key: 'paidAt', label: t('detail.paidAt'), children: formatDateTime(order.paid_at) || '—' },
  ];

  return (
    <Flex vertical gap="large" data-testid="order-detail">
      {order.failure ? (
        <Alert
          type="error"
          showIcon
          title={t('detail.failure')}
          description={order.failure}
          data-testid="order-detail-failure"
        />
      ) : null}
      <Descriptions title={t('detail.order')} bordered size="small" column={{ xs: 1, sm: 2 }} items={items} />
      <Flex vertical gap="small">
        <SectionTitle>{t('detail.spec')}</SectionTitle>
        {specItems?.length ? (
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={specItems}
            data-testid="order-detail-spec"
          />
        ) : (
          <span style={{ color: token.colorTextSecondary }}>{t('detail.noSpec')}</span>
        )}
      </Flex>
      <TableSection<Bill>
        title={t('detail.bills')}
        rowKey="id"
        columns={billColumns}
        rows={order.bills}
        emptyText={t('detail.noBills')}
        testId="order-detail-bills"
      />
    </Flex>
  );
}

export interface OrderDetailDrawerProps {
  /** The open order's id; undefined keeps the drawer closed. */
  orderId: number | undefined;
  dicts: OrderDicts;
  onClose: () => void;
}

/** One order in a side drawer: its fields, what it bought, why creation failed, and its wallet movements. */
export function OrderDetailDrawer({ orderId, dicts, onClose }: OrderDetailDrawerProps) {
  const { t } = useTranslation('orders');
  const isMobile = useIsMobile();
  const order = useOrder(orderId);

  const body = () => {
    if (order.isPending)
      return <Skeleton active paragraph={{ rows: 8 }} data-testid="order-detail-loading" />;
    if (order.isError)
      return (
        <Result
          status="error"
          title={t('detail.loadFailed')}
          extra={
            <Button onClick={() => void order.refetch()} data-testid="order-detail-retry">
              {t('page.retry')}
            </Button>
          }
          data-testid="order-detail-error"
        />
      );
    return <OrderDetailBody order={order.data} dicts={dicts} />;
  };

  return (
    <Drawer
      open={orderId !== undefined}
      onClose={onClose}
      title={t('detail.title')}
      size={isMobile ? '100%' : DRAWER_WIDTH}
      destroyOnHidden
      data-testid="order-detail-drawer"
    >
      {orderId !== undefined ? body() : null}
    </Drawer>
  );
}
