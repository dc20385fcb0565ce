import { useEffect } from 'react';
import { App, Alert, Form, Input, Typography } from 'antd';
import type { AdminWithdrawal } from '@cloudbay/contracts';
import { TRON_TX_HASH_PATTERN } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../../components/copyable-code';
import { formatDollars } from '../../../../lib/money';
import { SubmitDialog } from '../../../system/shared/submit-dialog';
import { useDecideWithdrawal } from '../api/withdrawal-api';

/**
 * Room for a `0x`-prefixed hash (66 characters) and the spaces a paste may bring around it: a
 * browser cuts a paste at `maxLength`, which would cut the hash itself.
 */
const TX_HASH_INPUT_MAX = 100;

export interface DecideWithdrawalDialogProps {
  open: boolean;
  onClose: () => void;
  withdrawal?: AdminWithdrawal;
  action: 'approve' | 'reject';
}

/**
 * The decision on an address withdrawal: approve with the hash of the USDT transfer the operator
 * made, or reject with a reason (shown to the customer; the amount returns to their rebate).
 */
export function DecideWithdrawalDialog({ open, onClose, withdrawal, action }: DecideWithdrawalDialogProps) {
  const { t } = useTranslation('businessWithdrawal');
  const { message } = App.useApp();
  const decide = useDecideWithdrawal();
  const [form] = Form.useForm<{ value: string }>();
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  if (!withdrawal) return null;
  const approve = action === 'approve';
  return (
    <SubmitDialog
      open={open}
      title={approve ? t('decide.approveTitle') : t('decide.rejectTitle')}
      onClose={onClose}
      onSubmit={() => form.submit()}
      submitText={approve ? t('approve') : t('reject')}
      loading={decide.isPending}
      testId="withdrawal-decide-dialog"
      submitTestId="withdrawal-decide-submit"
    >
      <Typography.Paragraph data-testid="withdrawal-decide-summary">
        {t('decide.summary', { amount: formatDollars(withdrawal.amount), email: withdrawal.customerEmail })}
      </Typography.Paragraph>
      <div style={{ marginBottom: 16 }} data-testid="withdrawal-decide-address">
        <CopyableCode value={withdrawal.address} copyLabel={t('copyAddress')} />
      </div>
      <Alert
        type={approve ? 'warning' : 'info'}
        showIcon
        title={approve ? t('decide.approveNote') : t('decide.rejectNote')}
        style={{ marginBottom: 16 }}
      />
      <Form
        form={form}
        layout="vertical"
        onFinish={({ value }) =>
          decide.mutate(
            approve
              ? { id: withdrawal.id, action, tx_hash: value.trim() }
              : { id: withdrawal.id, action, reason: value.trim() },
            {
              onSuccess: () => {
                void message.success(approve ? t('decide.approved') : t('decide.rejected'));
                onClose();
              },
            },
          )
        }
      >
        {approve ? (
          <Form.Item
            name="value"
            label={t('decide.txHash')}
            rules={[
              { required: true, whitespace: true, message: t('decide.required') },
              // A hash pasted with a space or line break around it is the hash: checked trimmed
              // (and sent trimmed), as the server trims it before its own check.
              {
                pattern: TRON_TX_HASH_PATTERN,
                transform: (value?: string) => value?.trim(),
                message: t('decide.txHashInvalid'),
              },
            ]}
          >
            <Input
              maxLength={TX_HASH_INPUT_MAX}
              placeholder={t('decide.txHashPlaceholder')}
              data-testid="withdrawal-tx-hash"
            />
          </Form.Item>
        ) : (
          <Form.Item
            name="value"
            label={t('decide.reason')}
            rules={[{ required: true, whitespace: true, message: t('decide.required') }]}
          >
            <Input.TextArea rows={3} maxLength={500} showCount data-testid="withdrawal-reason" />
          </Form.Item>
        )}
      </Form>
    </SubmitDialog>
  );
}
