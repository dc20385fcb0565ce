import { App, Form, Modal } from 'antd';
import type { SubAccountItem } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { DialogFooter } from '../../../components/dialog-footer';
import { NewPasswordFields } from '../../account/components/account-fields';
import { showServerFieldErrors } from '../../account/form-rules';
import { useSubAccountPassword } from '../api/sub-accounts';

/** A new password for one sub-account; its sessions end (the server says so in the dialog). */
export function SubAccountPasswordDialog({
  account,
  onClose,
}: {
  account: SubAccountItem;
  onClose: () => void;
}) {
  const { t } = useTranslation('subAccounts');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const change = useSubAccountPassword();
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await change.mutateAsync({ accountId: account.account_id, password: values.password });
    } catch (error) {
      showServerFieldErrors(form, error);
      return;
    }
    void message.success(t('password.done'));
    onClose();
  };
  return (
    <Modal
      open
      title={t('password.title', { name: account.nickname })}
      onCancel={onClose}
      footer={
        <DialogFooter
          cancelText={t('action.cancel')}
          submitText={t('action.save')}
          onCancel={onClose}
          onSubmit={() => void submit()}
          loading={change.isPending}
          submitTestId="sub-account-password-submit"
        />
      }
    >
      <p>{t('password.hint')}</p>
      <Form form={form} layout="vertical">
        <NewPasswordFields testId="sub-account-new" />
      </Form>
    </Modal>
  );
}
