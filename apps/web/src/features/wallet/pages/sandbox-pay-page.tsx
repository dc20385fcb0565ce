import { Alert, Button, Card, Descriptions, Flex, Result, Spin, theme } from 'antd';
import { ExperimentOutlined } from '@ant-design/icons';
import type { SandboxOrder } from '@cloudbay/contracts';
import { SANDBOX_PAYER_SIGNATURE_PARAM, TOPUP_STATUS } from '@cloudbay/contracts/core';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/language-switch';
import { StandalonePage } from '../../../components/standalone-page';
import { isRequestError } from '../../../lib/request';
import { usePaySandboxOrder, useSandboxOrder } from '../api/sandbox-order';
import { TopupStatusTag } from '../components/topup-status-tag';
import { formatDateTime } from '../../../lib/format-time';
import { formatDollars } from '../../../lib/money';
import { formatPayAmount } from '../money';

const CARD_WIDTH = 440;

type PayerState = 'payable' | 'paid' | 'expired' | 'failed';

function payerState(order: SandboxOrder, now: number): PayerState {
  if (order.status === TOPUP_STATUS.PAID) return 'paid';
  if (order.status === TOPUP_STATUS.FAILED) return 'failed';
  if (order.status === TOPUP_STATUS.TIMEOUT || Date.parse(order.expires_at) <= now) return 'expired';
  return 'payable';
}

function OrderSummary({ order }: { order: SandboxOrder }) {
  const { t } = useTranslation('wallet');
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" gap="middle">
      <Flex vertical align="center" gap={2}>
        <span style={{ color: token.colorTextSecondary }}>{t('sandbox.amount')}</span>
        <strong
          style={{ fontSize: token.fontSizeHeading1, lineHeight: 1.2, color: token.colorTextHeading }}
          data-testid="sandbox-amount"
        >
          {formatPayAmount(order.rate_amount, order.currency)}
        </strong>
        <span style={{ color: token.colorTextTertiary }}>{order.currency}</span>
      </Flex>
      <Descriptions
        column={1}
        size="small"
        bordered
        style={{ width: '100%' }}
        items={[
          { key: 'no', label: t('sandbox.orderNo'), children: order.no },
          { key: 'credit', label: t('sandbox.credit'), children: formatDollars(order.money) },
          { key: 'status', label: t('sandbox.status'), children: <TopupStatusTag status={order.status} /> },
          { key: 'expires', label: t('sandbox.expiresAt'), children: formatDateTime(order.expires_at) },
        ]}
      />
    </Flex>
  );
}

function Outcome({ state }: { state: Exclude<PayerState, 'payable'> }) {
  const { t } = useTranslation('wallet');
  const result = {
    paid: { status: 'success', title: t('sandbox.paidTitle'), subTitle: t('sandbox.paidHint') },
    expired: { status: 'warning', title: t('sandbox.expiredTitle'), subTitle: t('sandbox.expiredHint') },
    failed: { status: 'error', title: t('sandbox.failedTitle'), subTitle: t('sandbox.failedHint') },
  } as const;
  return <Result {...result[state]} style={{ padding: 0 }} data-testid={`sandbox-${state}`} />;
}

function PayerCard({ no, signature }: { no: string; signature: string | undefined }) {
  const { t } = useTranslation('wallet');
  const order = useSandboxOrder(no, signature);
  const pay = usePaySandboxOrder(no, signature);

  if (order.isPending) return <Spin size="large" data-testid="sandbox-loading" />;
  if (order.isError) {
    const missing = isRequestError(order.error) && order.error.status === 404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={t('sandbox.notFound')}
        subTitle={t('sandbox.notFoundHint')}
        extra={
          missing ? null : (
            <Button onClick={() => void order.refetch()} data-testid="sandbox-retry">
              {t('sandbox.retry')}
            </Button>
          )
        }
        data-testid="sandbox-not-found"
      />
    );
  }

  // Judged when the order was read: the server refuses a late Pay anyway, and says so.
  const state = payerState(order.data, order.dataUpdatedAt);
  return (
    <Card style={{ width: CARD_WIDTH, maxWidth: '100%' }}>
      <Flex vertical gap="large">
        <OrderSummary order={order.data} />
        {state === 'payable' ? (
          <Button
            type="primary"
            size="large"
            block
            loading={pay.isPending}
            onClick={() => pay.mutate()}
            data-testid="sandbox-pay"
          >
            {t('sandbox.pay')} {formatPayAmount(order.data.rate_amount, order.data.currency)}
          </Button>
        ) : (
          <Outcome state={state} />
        )}
      </Flex>
    </Card>
  );
}

/**
 * /pay/sandbox/:no?sig=…: the sandbox gateway's payer page, what its QR code opens. Open without a
 * session (the phone that scans it is rarely signed in) through the order's signed link, or by
 * its signed-in owner; anyone else gets "not found". Pay completes the order through the same
 * callback path a real gateway uses.
 */
export function SandboxPayPage() {
  const { t } = useTranslation('wallet');
  const { no = '' } = useParams();
  const [search] = useSearchParams();
  const signature = search.get(SANDBOX_PAYER_SIGNATURE_PARAM) ?? undefined;
  return (
    <StandalonePage testId="page-sandbox-pay" brand extra={<LanguageSwitch />}>
      <Flex vertical align="center" gap="large" style={{ width: CARD_WIDTH, maxWidth: '100%' }}>
        <Alert
          type="warning"
          showIcon
          icon={<ExperimentOutlined />}
          title={t('sandbox.banner')}
          description={t('sandbox.bannerHint')}
          style={{ width: '100%' }}
          data-testid="sandbox-banner"
        />
        <PayerCard no={no} signature={signature} />
      </Flex>
    </StandalonePage>
  );
}
