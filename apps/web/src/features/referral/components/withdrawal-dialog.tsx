import { useEffect, useState } from 'react';
import { Alert, App, Button, Descriptions, Form, Input, Radio, Space } from 'antd';
import type { ReferralSummary, WithdrawalChannel } from '@cloudbay/contracts';
import { TRC20_ADDRESS_PATTERN, WITHDRAWAL_CHANNELS } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { useIntentKeys } from '../../../lib/idempotency';
import { formatDollars } from '../../../lib/money';
import { failureReason } from '../../office-sites/failure-reason';
import { SubmitDialog } from '../../system/shared/submit-dialog';
import { useWithdraw } from '../api/referral-api';

interface Values {
  channel: WithdrawalChannel;
  amount: string;
  address?: string;
}

const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;
/** Dollars as cents, for exact comparisons ("10.5" → 1050). */
const cents = (text: string) => Math.round(Number(text) * 100);

export interface WithdrawalDialogProps {
  open: boolean;
  onClose: () => void;
  summary: ReferralSummary;
}

/**
 * The withdrawal of referral rebate: to the balance (at once) or to a TRC20 USDT address (reviewed
 * by the platform). The amount is checked against the minimum and the withdrawable rebate, the
 * address against its shape (the server also checks its checksum); a refusal stays in the dialog
 * with what was typed.
 */
export function WithdrawalDialog({ open, onClose, summary }: WithdrawalDialogProps) {
  const { t } = useTranslation('referral');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const channel = Form.useWatch('channel', form) ?? 'balance';
  const withdraw = useWithdraw();
  const intent = useIntentKeys();
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const close = () => {
    setFailure(undefined);
    onClose();
  };

  const submit = (values: Values) => {
    const body = {
      channel: values.channel,
      amount: values.amount.trim(),
      ...(values.channel === 'address' ? { address: values.address?.trim() } : {}),
    };
    setFailure(undefined);
    withdraw.mutate(
      { key: intent.keyFor(body), body },
      {
        onSuccess: (result) => {
          intent.settle(body);
          void message.success(
            result.channel === 'balance'
              ? t('dialog.succeededBalance', { amount: formatDollars(result.amount) })
              : t('dialog.succeededAddress'),
          );
          close();
        },
        onError: (error) => {
          intent.settle(body, error);
          setFailure(failureReason(error));
        },
      },
    );
  };

  return (
    <SubmitDialog
      open={open}
      title={t('dialog.title')}
      onClose={close}
      onSubmit={() => form.submit()}
      submitText={t('dialog.submit')}
      loading={withdraw.isPending}
      testId="withdrawal-dialog"
      submitTestId="withdrawal-submit"
    >
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 16 }}
        items={[
          {
            key: 'withdrawable',
            label: t('dialog.withdrawable'),
            children: (
              <strong data-testid="withdrawal-withdrawable">{formatDollars(summary.withdrawable)}</strong>
            ),
          },
        ]}
      />
      <Form<Values> form={form} layout="vertical" initialValues={{ channel: 'balance' }} onFinish={submit}>
        <Form.Item name="channel" label={t('dialog.channel')}>
          <Radio.Group data-testid="withdrawal-channel">
            {WITHDRAWAL_CHANNELS.map((value) => (
              <Radio.Button key={value} value={value} data-testid={`withdrawal-channel-${value}`}>
                {t(`withdrawals.channels.${value}`)}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        <Alert
          type="info"
          showIcon
          title={channel === 'balance' ? t('dialog.balanceNote') : t('dialog.addressNote')}
          style={{ marginBottom: 16 }}
        />
        <Form.Item label={t('dialog.amount')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="amount"
              noStyle
              rules={[
                { required: true, whitespace: true, message: t('dialog.required') },
                {
                  validator: (_, value: string | undefined) => {
                    const text = value?.trim() ?? '';
                    if (!text) return Promise.resolve();
                    if (!AMOUNT.test(text) || cents(text) <= 0)
                      return Promise.reject(new Error(t('dialog.amountInvalid')));
                    if (cents(text) < cents(summary.min_withdrawal))
                      return Promise.reject(
                        new Error(t('dialog.belowMinimum', { min: formatDollars(summary.min_withdrawal) })),
                      );
                    if (cents(text) > cents(summary.withdrawable))
                      return Promise.reject(
                        new Error(
                          t('dialog.aboveWithdrawable', { max: formatDollars(summary.withdrawable) }),
                        ),
                      );
                    return Promise.resolve();
                  },
                },
              ]}
            >
              <Input
                inputMode="decimal"
                prefix="$"
                maxLength={12}
                placeholder={t('dialog.amountPlaceholder')}
                data-testid="withdrawal-amount"
              />
            </Form.Item>
            <Button
              onClick={() => form.setFieldValue('amount', summary.withdrawable)}
              data-testid="withdrawal-all"
            >
              {t('dialog.all')}
            </Button>
          </Space.Compact>
        </Form.Item>
        {channel === 'address' ? (
          <Form.Item
            name="address"
            label={t('dialog.address')}
            rules={[
              { required: true, whitespace: true, message: t('dialog.required') },
              { pattern: TRC20_ADDRESS_PATTERN, message: t('dialog.addressInvalid') },
            ]}
          >
            <Input
              maxLength={34}
              placeholder={t('dialog.addressPlaceholder')}
              spellCheck={false}
              data-testid="withdrawal-address"
            />
          </Form.Item>
        ) : null}
      </Form>
      {failure ? (
        <Alert
          type="error"
          showIcon
          title={t('dialog.failed')}
          description={failure}
          data-testid="withdrawal-failed"
        />
      ) : null}
    </SubmitDialog>
  );
}
