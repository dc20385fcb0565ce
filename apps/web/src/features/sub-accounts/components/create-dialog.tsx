import { App, Form, Input, Modal } from 'antd';
import { SUB_ACCOUNT_NICKNAME_MAX, SUB_ACCOUNT_REMARK_MAX } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { DialogFooter } from '../../../components/dialog-footer';
import { useIntentKeys } from '../../../lib/idempotency';
import { NewPasswordFields } from '../../account/components/account-fields';
import { showServerFieldErrors, subAccountNameRules } from '../../account/form-rules';
import { useCreateSubAccount } from '../api/sub-accounts';

interface Values {
  nickname: string;
  password: string;
  confirm: string;
  remark?: string;
}

/** New sub-account: name (its login under this main account), password, remark. */
export function CreateSubAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('subAccounts');
  const { t: ta } = useTranslation('account');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const create = useCreateSubAccount();
  const intents = useIntentKeys();
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body = {
      nickname: values.nickname.trim(),
      password: values.password,
      ...(values.remark?.trim() ? { remark: values.remark.trim() } : {}),
    };
    try {
      await create.mutateAsync({ body, idempotencyKey: intents.keyFor(body) });
      intents.settle(body);
    } catch (error) {
      intents.settle(body, error);
      // The request client has said why (the maximum, a name taken); field errors go under fields.
      showServerFieldErrors(form, error);
      return;
    }
    void message.success(t('create.done'));
    onClose();
  };
  return (
    <Modal
      open={open}
      title={t('create.title')}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      destroyOnHidden
      footer={
        <DialogFooter
          cancelText={t('action.cancel')}
          submitText={t('create.submit')}
          onCancel={onClose}
          onSubmit={() => void submit()}
          loading={create.isPending}
          submitTestId="sub-account-create-submit"
        />
      }
    >
      <Form form={form} layout="vertical" requiredMark data-testid="sub-account-create-form">
        <Form.Item
          name="nickname"
          label={t('field.nickname')}
          extra={t('field.nicknameHint')}
          rules={subAccountNameRules(ta)}
        >
          <Input maxLength={SUB_ACCOUNT_NICKNAME_MAX} autoComplete="off" data-testid="sub-account-nickname" />
        </Form.Item>
        <NewPasswordFields fresh testId="sub-account" />
        <Form.Item name="remark" label={t('field.remark')}>
          <Input.TextArea
            maxLength={SUB_ACCOUNT_REMARK_MAX}
            showCount
            rows={2}
            data-testid="sub-account-remark"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
