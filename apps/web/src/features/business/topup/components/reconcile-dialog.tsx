import { Alert, Descriptions, Skeleton } from 'antd';
import type { BizTopup } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { formatDollars } from '../../../../lib/money';
import { ReasonDialog } from '../../shared/reason-dialog';
import { useGatewayAnswer, useReconcileTopup } from '../api/business-topups';

/**
 * Marks a pending or timed-out top-up paid: the gateway is asked first and its answer shown; only a
 * payment it confirms in full can be confirmed (the server asks again when it runs).
 */
export function ReconcileDialog({ topup, onClose }: { topup: BizTopup | undefined; onClose: () => void }) {
  const { t } = useTranslation('businessTopup');
  const answer = useGatewayAnswer(topup?.id);
  const reconcile = useReconcileTopup();
  const confirmed = answer.data?.paid === true && answer.data.covers_order;

  const gatewayFacts = () => {
    if (answer.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
    // The server's translated reason (e.g. the gateway did not answer), under the dialog's own line.
    if (answer.isError)
      return (
        <Alert
          type="error"
          showIcon
          title={t('reconcile.askFailed')}
          description={answer.error.message}
          data-testid="topup-reconcile-ask-failed"
        />
      );
    const data = answer.data;
    return (
      <>
        <Alert
          type={confirmed ? 'success' : 'warning'}
          showIcon
          title={t(confirmed ? 'reconcile.paid' : data.paid ? 'reconcile.short' : 'reconcile.unpaid', {
            gateway: data.gateway,
          })}
          data-testid="topup-reconcile-answer"
        />
        {data.paid ? (
          <Descriptions
            size="small"
            bordered
            column={1}
            items={[
              { key: 'trade', label: t('column.tradeId'), children: data.trade_id ?? '—' },
              {
                key: 'amount',
                label: t('reconcile.paidAmount'),
                children: `${data.paid_amount ?? '—'} ${data.currency ?? ''}`,
              },
            ]}
          />
        ) : null}
      </>
    );
  };

  return (
    <ReasonDialog<{ reason: string }>
      open={topup !== undefined}
      text={(key) =>
        t(`reconcile.${key}`, { no: topup?.no ?? '', money: formatDollars(topup?.money ?? '0') })
      }
      run={(values, key) => reconcile.mutateAsync({ id: topup!.id, reason: values.reason, key })}
      pending={reconcile.isPending}
      disabled={!confirmed}
      onClose={onClose}
      testId="topup-reconcile"
    >
      {gatewayFacts}
    </ReasonDialog>
  );
}
