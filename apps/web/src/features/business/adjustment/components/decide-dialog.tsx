import type { Adjustment } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { formatDollars } from '../../../../lib/money';
import { DecisionDialog, DecisionReasonField, type DecisionAction } from '../../shared/decision-dialog';
import { useDecideAdjustment } from '../api/adjustment-api';

export interface DecideDialogProps {
  open: boolean;
  onClose: () => void;
  adjustment?: Adjustment;
  action: DecisionAction;
}

/**
 * The second operator's decision on a pending adjustment, with their reason: the dialog is the
 * confirmation (it names the customer, amount, requester and reason). A refusal (the requester's
 * own, already decided, a debit the balance no longer covers) stays on screen translated.
 */
export function DecideDialog({ open, onClose, adjustment, action }: DecideDialogProps) {
  const { t } = useTranslation('businessAdjustment');
  const decide = useDecideAdjustment();
  if (!adjustment) return null;
  return (
    <DecisionDialog<{ reason: string }>
      open={open}
      onClose={onClose}
      action={action}
      text={(key) => (key === 'approve' || key === 'reject' ? t(key) : t(`decide.${key}`))}
      summary={t('decide.summary', {
        direction: t(`directions.${adjustment.direction}`),
        amount: formatDollars(adjustment.amount),
        email: adjustment.customerEmail,
        operator: adjustment.requestedByEmail,
        reason: adjustment.reason,
      })}
      note={action === 'approve' ? t('decide.approveNote') : undefined}
      decide={({ reason }, onSuccess) =>
        decide.mutate({ id: adjustment.id, action, reason: reason.trim() }, { onSuccess })
      }
      pending={decide.isPending}
      testId="decide"
    >
      <DecisionReasonField
        name="reason"
        label={t('decide.reason')}
        requiredMessage={t('dialog.required')}
        testId="decide-reason"
      />
    </DecisionDialog>
  );
}
