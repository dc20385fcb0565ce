import {
  Button,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  Result,
  Skeleton,
  Table,
  Tag,
  Typography,
  type DescriptionsProps,
  type TableColumnsType,
} from 'antd';
import type { BizTopup, BizTopupCallback, BizTopupDetail } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../../components/copyable-code';
import { HasPermi } from '../../../../components/access-guards';
import { formatDateTime } from '../../../../lib/format-time';
import { useIsMobile } from '../../../../lib/use-is-mobile';
import { Dollars } from '../../../orders/components/order-amount';
import { TopupStatusTag } from '../../../wallet/components/topup-status-tag';
import { useBizTopup } from '../api/business-topups';
import { isReconcilable } from '../topup-rules';
import { usePayTypeLabel } from './pay-type-label';

function SignatureTag({ valid }: { valid: boolean | null }) {
  const { t } = useTranslation('businessTopup');
  if (valid === null) return <Tag>{t('callbacks.notChecked')}</Tag>;
  return (
    <Tag color={valid ? 'success' : 'error'} data-testid="topup-callback-signature">
      {t(valid ? 'callbacks.valid' : 'callbacks.invalid')}
    </Tag>
  );
}

function useCallbackColumns(): TableColumnsType<BizTopupCallback> {
  const { t, i18n } = useTranslation('businessTopup');
  const verdict = (value: string) =>
    i18n.exists(`verdict.${value}`, { ns: 'businessTopup' }) ? t(`verdict.${value as 'credited'}`) : value;
  return [
    {
      key: 'time',
      title: t('callbacks.time'),
      render: (_, c) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.created_at, { seconds: true })}</span>
      ),
    },
    { key: 'gateway', title: t('callbacks.gateway'), dataIndex: 'gateway' },
    {
      key: 'signature',
      title: t('callbacks.signature'),
      render: (_, c) => <SignatureTag valid={c.signature_valid} />,
    },
    {
      key: 'verdict',
      title: t('callbacks.verdict'),
      render: (_, c) => <span data-testid="topup-callback-verdict">{verdict(c.verdict)}</span>,
    },
  ];
}

function TopupFacts({ topup }: { topup: BizTopupDetail }) {
  const { t } = useTranslation('businessTopup');
  const payType = usePayTypeLabel();
  const items: DescriptionsProps['items'] = [
    {
      key: 'no',
      label: t('column.no'),
      span: 'filled',
      children: <CopyableCode value={topup.no} copyLabel={t('column.copyNo')} />,
    },
    { key: 'customer', label: t('column.customer'), children: topup.email },
    { key: 'status', label: t('column.status'), children: <TopupStatusTag status={topup.status} /> },
    { key: 'payType', label: t('column.payType'), children: payType(topup.pay_type) },
    { key: 'gateway', label: t('column.gateway'), children: topup.gateway },
    { key: 'trade', label: t('column.tradeId'), span: 'filled', children: topup.trade_id ?? '—' },
    { key: 'money', label: t('column.money'), children: <Dollars amount={topup.money} /> },
    { key: 'credited', label: t('detail.credited'), children: <Dollars amount={topup.credited} /> },
    { key: 'rate', label: t('detail.rateAmount'), children: `${topup.rate_amount || '—'} ${topup.currency}` },
    { key: 'paidAmount', label: t('detail.paidAmount'), children: topup.paid_amount ?? '—' },
    { key: 'created', label: t('column.created'), children: formatDateTime(topup.created_at) },
    { key: 'expires', label: t('detail.expires'), children: formatDateTime(topup.expires_at) },
    { key: 'paid', label: t('column.paidAt'), children: formatDateTime(topup.paid_at) || '—' },
    ...(topup.failure
      ? [{ key: 'failure', label: t('detail.failure'), span: 'filled' as const, children: topup.failure }]
      : []),
  ];
  return <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }} items={items} />;
}

/** One top-up for an operator: its facts and every callback received for it, with Reconcile when it may apply. */
export function TopupDetailDrawer({
  topupId,
  onReconcile,
  onClose,
}: {
  topupId: number | undefined;
  onReconcile: (topup: BizTopup) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('businessTopup');
  const isMobile = useIsMobile();
  const topup = useBizTopup(topupId);
  const columns = useCallbackColumns();

  const body = () => {
    if (topup.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
    if (topup.isError)
      return (
        <Result
          status="error"
          title={t('detail.loadFailed')}
          extra={<Button onClick={() => void topup.refetch()}>{t('detail.retry')}</Button>}
        />
      );
    return (
      <Flex vertical gap="large">
        <TopupFacts topup={topup.data} />
        <Flex vertical gap="small">
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('callbacks.title')}
          </Typography.Title>
          <Table<BizTopupCallback>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={topup.data.callbacks}
            pagination={false}
            scroll={{ x: 'max-content' }}
            expandable={{
              expandedRowRender: (c) => (
                <pre
                  style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
                  data-testid="topup-callback-body"
                >
                  {JSON.stringify(c.payload, null, 2)}
                </pre>
              ),
            }}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('callbacks.none')} />,
            }}
            data-testid="topup-callbacks"
          />
        </Flex>
      </Flex>
    );
  };

  return (
    <Drawer
      open={topupId !== undefined}
      onClose={onClose}
      title={t('detail.title')}
      size={isMobile ? '100%' : 760}
      destroyOnHidden
      extra={
        topup.data && isReconcilable(topup.data) ? (
          <HasPermi value={['business:topup:reconcile']}>
            <Button
              type="primary"
              onClick={() => onReconcile(topup.data)}
              data-testid="topup-drawer-reconcile"
            >
              {t('action.reconcile')}
            </Button>
          </HasPermi>
        ) : null
      }
      data-testid="topup-detail-drawer"
    >
      {topupId !== undefined ? body() : null}
    </Drawer>
  );
}
