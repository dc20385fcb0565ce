import { useState } from 'react';
import { App, Alert, Button, Form, Input } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../components/access-guards';
import { SubmitDialog } from '../../../system/shared/submit-dialog';
import { openSupportSession } from '../api/adjustment-api';

/**
 * "Open console": asks the reason, opens a read-only support session of the customer (one hour,
 * every request audited) and its /moneryContro hand-off in a new tab. That tab keeps the session in
 * its own sessionStorage, so this tab stays signed in as the operator. Shown only with
 * business:customer:support.
 */
export function OpenCustomerConsoleButton({ userId }: { userId: number }) {
  const { t } = useTranslation('businessAdjustment');
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
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
      setOpen(false);
      form.resetFields();
    } finally {
      setBusy(false);
    }
  };

  return (
    <HasPermi value={['business:customer:support']}>
      <Button icon={<EyeOutlined />} onClick={() => setOpen(true)} data-testid="open-customer-console">
        {t('console.open')}
      </Button>
      <SubmitDialog
        open={open}
        title={t('console.title')}
        onClose={() => setOpen(false)}
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
    </HasPermi>
  );
}
