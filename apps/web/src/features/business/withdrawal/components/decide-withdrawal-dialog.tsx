import { Form, Input } from 'antd';
import type { AdminWithdrawal } from '@cloudbay/contracts';
import { TRON_TX_HASH_PATTERN } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../../components/copyable-code';
import { formatDollars } from '../../../../lib/money';
import { DecisionDialog, DecisionReasonField, type DecisionAction } from '../../shared/decision-dialog';
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
  action: DecisionAction;
}

/**
 * The decision on an address withdrawal: approve with the hash of the USDT transfer the operator
 * made, or reject with a reason (shown to the customer; the amount returns to their rebate).
 */
export function DecideWithdrawalDialog({ open, onClose, withdrawal, action }: DecideWithdrawalDialogProps) {
  const { t } = useTranslation('businessWithdrawal');
  const decide = useDecideWithdrawal();
  if (!withdrawal) return null;
  const approve = action === 'approve';
  return (
    <DecisionDialog<{ value: string }>
      open={open}
      onClose={onClose}
      action={action}
      text={(key) => (key === 'approve' || key === 'reject' ? t(key) : t(`decide.${key}`))}
      summary={t('decide.summary', {
        amount: formatDollars(withdrawal.amount),
        email: withdrawal.customerEmail,
      })}
      details={
        <div style={{ marginBottom: 16 }} data-testid="withdrawal-decide-address">
          <CopyableCode value={withdrawal.address} copyLabel={t('copyAddress')} />
        </div>
      }
      note={approve ? t('decide.approveNote') : t('decide.rejectNote')}
      decide={({ value }, onSuccess) =>
        decide.mutate(
          approve
            ? { id: withdrawal.id, action, tx_hash: value.trim() }
            : { id: withdrawal.id, action, reason: value.trim() },
          { onSuccess },
        )
      }
      pending={decide.isPending}
      testId="withdrawal-decide"
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
        <DecisionReasonField
          name="value"
          label={t('decide.reason')}
          requiredMessage={t('decide.required')}
          testId="withdrawal-reason"
        />
      )}
    </DecisionDialog>
  );
}
