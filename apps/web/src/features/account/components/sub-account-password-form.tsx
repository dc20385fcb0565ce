import { Alert, App, Button, Form, Input } from 'antd';
import type { ErrorCode } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../lib/request/request-error';
import { useChangeOwnPassword } from '../api/change-own-password';
import { showServerFieldErrors } from '../form-rules';
import { NewPasswordFields } from './account-fields';

/** A typed literal rather than the ErrorCode table, which this lazy part need not download. */
const OLD_PASSWORD_WRONG = 'SUB_ACCOUNT_OLD_PASSWORD_WRONG' satisfies ErrorCode;

interface SubAccountPasswordValues {
  old_password: string;
  password: string;
  confirm: string;
}

/**
 * A sub-account's password tab (issue 21): its current password, then the new one under the
 * password rule. A sub-account has no mailbox of its own, so no e-mailed code.
 */
export function SubAccountPasswordForm() {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const [form] = Form.useForm<SubAccountPasswordValues>();
  const change = useChangeOwnPassword();

  const submit = (values: SubAccountPasswordValues) =>
    change.mutate(
      { old_password: values.old_password, password: values.password },
      {
        onSuccess: () => {
          form.resetFields();
          void message.success(t('profile.passwordChanged'));
        },
        onError: (error) => {
          // The message itself is shown by the client; the field says where the problem is.
          if (errorCodeOf(error) === OLD_PASSWORD_WRONG) {
            form.setFields([{ name: 'old_password', errors: [error.message] }]);
          }
          showServerFieldErrors(form, error);
        },
      },
    );

  return (
    <Form<SubAccountPasswordValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ old_password: '', password: '', confirm: '' }}
      onFinish={submit}
      style={{ maxWidth: 480 }}
      data-testid="son-password-form"
    >
      <Alert type="info" showIcon title={t('profile.son.passwordHint')} style={{ marginBottom: 24 }} />
      <Form.Item
        name="old_password"
        label={t('field.currentPassword')}
        rules={[{ required: true, message: t('field.currentPasswordRequired') }]}
      >
        <Input.Password placeholder={t('field.currentPasswordPlaceholder')} autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields />
      <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="son-password-submit">
        {t('profile.changePassword')}
      </Button>
    </Form>
  );
}
