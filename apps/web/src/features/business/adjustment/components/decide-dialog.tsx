import { useEffect } from 'react';
import { App, Alert, Form, Input, Typography } from 'antd';
import type { Adjustment } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { formatDollars } from '../../../../lib/money';
import { SubmitDialog } from '../../../system/shared/submit-dialog';
import { useDecideAdjustment } from '../api/adjustment-api';

export interface DecideDialogProps {
  open: boolean;
  onClose: () => void;
  adjustment?: Adjustment;
  action: 'approve' | 'reject';
}

/**
 * The second operator's decision on a pending adjustment, with their reason: the dialog is the
 * confirmation (it names the customer, amount, requester and reason). A refusal (the requester's
 * own, already decided, a debit the balance no longer covers) stays on screen translated.
 */
export function DecideDialog({ open, onClose, adjustment, action }: DecideDialogProps) {
  const { t } = useTranslation('businessAdjustment');
  const { message } = App.useApp();
  const decide = useDecideAdjustment();
  const [form] = Form.useForm<{ reason: string }>();
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  if (!adjustment) return null;
  const approve = action === 'approve';
  return (
    <SubmitDialog
      open={open}
      title={approve ? t('decide.approveTitle') : t('decide.rejectTitle')}
      onClose={onClose}
      onSubmit={() => form.submit()}
      submitText={approve ? t('approve') : t('reject')}
      loading={decide.isPending}
      testId="decide-dialog"
      submitTestId="decide-submit"
    >
      <Typography.Paragraph data-testid="decide-summary">
        {t('decide.summary', {
          direction: t(`directions.${adjustment.direction}`),
          amount: formatDollars(adjustment.amount),
          email: adjustment.customerEmail,
          operator: adjustment.requestedByEmail,
          reason: adjustment.reason,
        })}
      </Typography.Paragraph>
      {approve ? (
        <Alert type="warning" showIcon title={t('decide.approveNote')} style={{ marginBottom: 16 }} />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        onFinish={({ reason }) =>
          decide.mutate(
            { id: adjustment.id, action, reason: reason.trim() },
            {
              onSuccess: () => {
                void message.success(approve ? t('decide.approved') : t('decide.rejected'));
                onClose();
              },
            },
          )
        }
      >
        <Form.Item
          name="reason"
          label={t('decide.reason')}
          rules={[{ required: true, whitespace: true, message: t('dialog.required') }]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount data-testid="decide-reason" />
        </Form.Item>
      </Form>
    </SubmitDialog>
  );
}
