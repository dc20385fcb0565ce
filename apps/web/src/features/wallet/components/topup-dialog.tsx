import { useState } from 'react';
import { Alert, App, Button, Flex, Modal, theme } from 'antd';
import { GiftOutlined } from '@ant-design/icons';
import type { TopupOrderCreated } from '@cloudbay/contracts';
import {
  DEFAULT_PAY_TYPE_NUMBER,
  DEFAULT_TOPUP_DOLLARS,
  FIRST_RECHARGE_BONUS_PERCENT,
  PAY_INFO_FAILED,
} from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { useCreateTopup } from '../api/create-topup';
import { formatDollars } from '../../../lib/money';
import { chosenAmount, isBelowMinimum, moneyValue, type AmountChoice } from '../topup-amount';
import { AmountPicker } from './amount-picker';
import { PayTypePicker } from './pay-type-picker';

export interface TopupDialogProps {
  open: boolean;
  onCancel: () => void;
  /** The order was created and the gateway gave a payment to show. */
  onCreated: (order: TopupOrderCreated) => void;
}

function FieldLabel({ children }: { children: string }) {
  const { token } = theme.useToken();
  return (
    <span style={{ fontWeight: token.fontWeightStrong, color: token.colorTextHeading }}>{children}</span>
  );
}

/**
 * The top-up dialog (spec §5 Top-up): presets or a custom amount, default 100 dollars and the
 * stablecoin; below 5 dollars it warns instead of ordering. A gateway that refuses (pay_info.code
 * -1) is reported with its message and the dialog stays, so the user can change the pay type.
 */
export function TopupDialog({ open, onCancel, onCreated }: TopupDialogProps) {
  const { t } = useTranslation('wallet');
  const { message } = App.useApp();
  const [choice, setChoice] = useState<AmountChoice>(DEFAULT_TOPUP_DOLLARS);
  const [custom, setCustom] = useState<number | null>(null);
  const [payType, setPayType] = useState<number>(DEFAULT_PAY_TYPE_NUMBER);
  const create = useCreateTopup();
  const amount = chosenAmount(choice, custom);

  const pay = () => {
    if (amount === null) return;
    if (isBelowMinimum(amount)) {
      void message.warning(t('dialog.minimum'));
      return;
    }
    create.mutate(
      { money: moneyValue(amount), pay_type: payType },
      {
        onSuccess: (order) => {
          if (order.pay_info.code === PAY_INFO_FAILED) {
            void message.error(order.pay_info.msg || t('dialog.gatewayFailed'));
            return;
          }
          onCreated(order);
        },
      },
    );
  };

  const footer = (
    <Flex justify="end" gap="small">
      <Button onClick={onCancel}>{t('dialog.cancel')}</Button>
      <Button
        type="primary"
        onClick={pay}
        disabled={amount === null}
        loading={create.isPending}
        data-testid="topup-pay"
      >
        {amount === null ? t('dialog.pay') : `${t('dialog.pay')} ${formatDollars(moneyValue(amount))}`}
      </Button>
    </Flex>
  );

  return (
    <Modal
      open={open}
      title={t('dialog.title')}
      onCancel={onCancel}
      footer={footer}
      width={520}
      mask={{ closable: false }}
    >
      <Flex vertical gap="middle" style={{ paddingBlock: 8 }} data-testid="topup-dialog-body">
        <Flex vertical gap="small">
          <FieldLabel>{t('dialog.amount')}</FieldLabel>
          <AmountPicker
            choice={choice}
            custom={custom}
            onChoiceChange={setChoice}
            onCustomChange={setCustom}
          />
        </Flex>
        <Flex vertical gap="small">
          <FieldLabel>{t('dialog.payType')}</FieldLabel>
          <PayTypePicker value={payType} onChange={setPayType} />
        </Flex>
        <Alert
          type="success"
          showIcon
          icon={<GiftOutlined />}
          title={t('dialog.bonus', { percent: FIRST_RECHARGE_BONUS_PERCENT })}
          data-testid="topup-bonus"
        />
      </Flex>
    </Modal>
  );
}
