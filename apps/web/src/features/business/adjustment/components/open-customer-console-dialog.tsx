import { useState } from 'react';
import { App, Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { SubmitDialog } from '../../../system/shared/submit-dialog';
import { openSupportSession } from '../api/adjustment-api';

/**
 * The reason for a read-only support session of the customer; on submit it opens the session (one
 * hour, every request audited) and its /moneryContro hand-off in a new tab. That tab keeps the
 * session in its own sessionStorage, so this tab stays signed in as the operator.
 */
export function OpenCustomerConsoleDialog({
  userId,
  open,
  onClose,
}: {
  userId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('businessAdjustment');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();

  const submit = async ({ reason }: { reason: string }) => {
    setBusy(true);
    try {
      const { url } = await openSupportSession(userId, reason.trim());
      const tab = window.open(url, '_blank');
      if (!tab) {
        void message.error(t('console.popupBlocked'));
        return;
      }
      // The customer's tab gets no handle on this one.
      tab.opener = null;
      onClose();
      form.resetFields();
    } finally {
      setBusy(false);
    }
  };

  return (
    <SubmitDialog
      open={open}
      title={t('console.title')}
      onClose={onClose}
      onSubmit={() => form.submit()}
      submitText={t('console.submit')}
      loading={busy}
      testId="open-console-dialog"
      submitTestId="open-console-submit"
    >
      <Alert type="info" showIcon title={t('console.note')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item
          name="reason"
          label={t('console.reason')}
          rules={[{ required: true, whitespace: true, message: t('dialog.required') }]}
        >
          <Input.TextArea
            rows={3}
            maxLength={500}
            showCount
            placeholder={t('console.reasonPlaceholder')}
            data-testid="open-console-reason"
          />
        </Form.Item>
      </Form>
    </SubmitDialog>
  );
}
