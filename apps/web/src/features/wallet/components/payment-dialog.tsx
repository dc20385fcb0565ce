import { useEffect, useRef } from 'react';
import { App, Button, Flex, Modal, QRCode, Result, Spin, Tooltip, Typography, theme } from 'antd';
import { ClockCircleOutlined, CopyOutlined, ExportOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { TopupOrderCreated } from '@cloudbay/contracts';
import { PAY_TYPE, TOPUP_STATUS } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/copy';
import { currentUserKey, fetchCurrentUser } from '../../../lib/session';
import { useTopupStatus } from '../api/get-topup-status';
import { walletKey } from '../api/wallet-keys';
import { formatCountdown } from '../countdown';
import { formatPayAmount } from '../money';
import { usePaymentCountdown } from '../use-countdown';

const QR_SIZE = 200;

export interface PaymentDialogProps {
  order: TopupOrderCreated;
  open: boolean;
  onClose: () => void;
  /** After the close animation: the parent may forget the order. */
  afterClose?: () => void;
  /** The order expired or failed: back to the top-up dialog for a new one. */
  onNewOrder: () => void;
}

type PaymentState = 'waiting' | 'expired' | 'failed';

function paymentState(status: number | undefined, secondsLeft: number): PaymentState {
  if (status === TOPUP_STATUS.FAILED) return 'failed';
  if (status === TOPUP_STATUS.TIMEOUT || secondsLeft === 0) return 'expired';
  return 'waiting';
}

/** Only web addresses become links: the QR of another gateway may hold a wallet URI or any text. */
function isWebAddress(value: string): boolean {
  return /^https?:\/\//i.test(value);
}

/** After a payment: the balance in the top bar and any open top-up list show it at once. */
function usePaidRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient
      .fetchQuery({ queryKey: currentUserKey, queryFn: fetchCurrentUser, staleTime: 0 })
      // The request client has told the user; the next refresh of the balance will catch up.
      .catch(() => undefined);
    void queryClient.invalidateQueries({ queryKey: [...walletKey, 'topups'] });
  };
}

function AddressRow({ address }: { address: string }) {
  const { t } = useTranslation('wallet');
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={4} style={{ width: '100%' }}>
      <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
        {t('payment.address')}
      </span>
      <Flex
        align="center"
        gap="small"
        style={{
          padding: `${token.paddingXXS}px ${token.paddingXXS}px ${token.paddingXXS}px ${token.paddingSM}px`,
          borderRadius: token.borderRadius,
          background: token.colorFillQuaternary,
        }}
      >
        <Typography.Text
          code={false}
          style={{ flex: 1, minWidth: 0, wordBreak: 'break-all' }}
          data-testid="payment-address"
        >
          {address}
        </Typography.Text>
        <Tooltip title={t('payment.copyAddress')}>
          <Button
            type="text"
            icon={<CopyOutlined />}
            aria-label={t('payment.copyAddress')}
            onClick={() => void copyText(address)}
            data-testid="payment-copy-address"
          />
        </Tooltip>
      </Flex>
    </Flex>
  );
}

/** What to pay: QR, amount in the payment currency, address, countdown. */
function WaitingBody({ order, secondsLeft }: { order: TopupOrderCreated; secondsLeft: number }) {
  const { t } = useTranslation('wallet');
  const { token } = theme.useToken();
  const info = order.pay_info;
  const stablecoin = order.pay_type === PAY_TYPE.STABLECOIN;
  return (
    <Flex vertical align="center" gap="middle" style={{ paddingBlock: 8 }}>
      <span style={{ color: token.colorTextSecondary, textAlign: 'center' }}>
        {t(stablecoin ? 'payment.scanStablecoin' : 'payment.scanFiat')}
      </span>
      {info.qrcode ? (
        <QRCode value={info.qrcode} size={QR_SIZE} bordered data-testid="payment-qrcode" />
      ) : null}
      {isWebAddress(info.qrcode) ? (
        <Typography.Link
          href={info.qrcode}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="payment-open-payer"
        >
          <ExportOutlined /> {t('payment.openPayer')}
        </Typography.Link>
      ) : null}
      <Flex vertical align="center" gap={2}>
        <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
          {t('payment.amount')}
        </span>
        <strong
          style={{ fontSize: token.fontSizeHeading2, lineHeight: 1.2, color: token.colorTextHeading }}
          data-testid="payment-amount"
        >
          {formatPayAmount(info.rate_amount, info.currency)}
        </strong>
        <span style={{ color: token.colorTextTertiary, fontSize: token.fontSizeSM }}>
          {info.currency} · {t('payment.orderNo')} {order.no}
        </span>
      </Flex>
      {info.address ? <AddressRow address={info.address} /> : null}
      {stablecoin ? (
        <span style={{ color: token.colorWarningText, fontSize: token.fontSizeSM, textAlign: 'center' }}>
          {t('payment.exactAmount')}
        </span>
      ) : null}
      <Flex
        align="center"
        gap="small"
        style={{ color: token.colorTextSecondary }}
        data-testid="payment-countdown"
      >
        <ClockCircleOutlined />
        <span>{t('payment.expiresIn', { time: formatCountdown(secondsLeft) })}</span>
      </Flex>
      <Flex align="center" gap="small" style={{ color: token.colorTextTertiary, fontSize: token.fontSizeSM }}>
        <Spin size="small" />
        {t('payment.waiting')}
      </Flex>
    </Flex>
  );
}

/**
 * The payment dialog (spec §4 Top-up order): polls the order every 4 s while open; paid → 'payment
 * succeeded', the user (balance) refreshed, closed. When the 600 s countdown ends, or the server
 * says the order timed out or failed, polling stops and a new order is offered.
 */
export function PaymentDialog({ order, open, onClose, afterClose, onNewOrder }: PaymentDialogProps) {
  const { t } = useTranslation('wallet');
  const { message } = App.useApp();
  const refresh = usePaidRefresh();
  const secondsLeft = usePaymentCountdown(order.pay_info.expires_at, open);
  const { data: status } = useTopupStatus(order.order_id, open && secondsLeft > 0);
  const state = paymentState(status, secondsLeft);
  const paid = status === TOPUP_STATUS.PAID;

  // Once per order, however often the poll answers 'paid' before the dialog is gone.
  const announced = useRef(false);
  useEffect(() => {
    if (!paid || announced.current) return;
    announced.current = true;
    void message.success(t('payment.succeeded'));
    refresh();
    onClose();
  }, [paid, message, t, refresh, onClose]);

  const footer =
    state === 'waiting' ? (
      <Button onClick={onClose}>{t('payment.close')}</Button>
    ) : (
      <Flex justify="end" gap="small">
        <Button onClick={onClose}>{t('payment.close')}</Button>
        <Button type="primary" onClick={onNewOrder} data-testid="payment-new-order">
          {t('payment.newOrder')}
        </Button>
      </Flex>
    );

  return (
    <Modal
      open={open}
      title={t('payment.title')}
      onCancel={onClose}
      afterClose={afterClose}
      footer={footer}
      width={440}
      mask={{ closable: false }}
    >
      <div data-testid="payment-dialog" data-state={paid ? 'paid' : state}>
        {state === 'waiting' ? (
          <WaitingBody order={order} secondsLeft={secondsLeft} />
        ) : (
          <Result
            status={state === 'failed' ? 'error' : 'warning'}
            title={t(state === 'failed' ? 'payment.failed' : 'payment.expired')}
            subTitle={t(state === 'failed' ? 'payment.failedHint' : 'payment.expiredHint')}
            data-testid={`payment-${state}`}
          />
        )}
      </div>
    </Modal>
  );
}
