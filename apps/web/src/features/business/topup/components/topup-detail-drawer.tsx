import { Button, Descriptions, Flex, Tag, type DescriptionsProps, type TableColumnsType } from 'antd';
import type { BizTopup, BizTopupCallback, BizTopupDetail } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../../components/copyable-code';
import { HasPermi } from '../../../../components/access-guards';
import { TableSection } from '../../../../components/table-section';
import { formatDateTime } from '../../../../lib/format-time';
import { Dollars } from '../../../orders/components/order-amount';
import { TopupStatusTag } from '../../../wallet/components/topup-status-tag';
import { DetailDrawer } from '../../shared/detail-drawer';
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
  const topup = useBizTopup(topupId);
  const columns = useCallbackColumns();
  return (
    <DetailDrawer<BizTopupDetail>
      id={topupId}
      title={t('detail.title')}
      query={topup}
      texts={{ loadFailed: t('detail.loadFailed'), retry: t('detail.retry') }}
      extra={(detail) =>
        isReconcilable(detail) ? (
          <HasPermi value={['business:topup:reconcile']}>
            <Button type="primary" onClick={() => onReconcile(detail)} data-testid="topup-drawer-reconcile">
              {t('action.reconcile')}
            </Button>
          </HasPermi>
        ) : null
      }
      testId="topup-detail-drawer"
      onClose={onClose}
    >
      {(detail) => (
        <Flex vertical gap="large">
          <TopupFacts topup={detail} />
          <TableSection<BizTopupCallback>
            title={t('callbacks.title')}
            rowKey="id"
            columns={columns}
            rows={detail.callbacks}
            emptyText={t('callbacks.none')}
            testId="topup-callbacks"
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
          />
        </Flex>
      )}
    </DetailDrawer>
  );
}
