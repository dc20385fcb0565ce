import { Alert, App, Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useChangePassword } from '../api/change-password';
import { sendPasswordCode } from '../api/send-password-code';
import { showServerFieldErrors } from '../form-rules';
import { EmailCodeField } from './email-code-field';
import { NewPasswordFields } from './account-fields';

interface ChangePasswordValues {
  email_code: string;
  password: string;
  confirm: string;
}

/** The password tab: a code mailed to the user's own e-mail, then the new password. */
export function ChangePasswordForm({ email }: { email: string }) {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const [form] = Form.useForm<ChangePasswordValues>();
  const change = useChangePassword();

  const sendCode = async () => {
    const sent = await sendPasswordCode();
    void message.success(t('sendCode.sent', { email }));
    return sent.resend_after_s;
  };

  const submit = (values: ChangePasswordValues) =>
    change.mutate(
      { email_code: values.email_code.trim(), password: values.password },
      {
        onSuccess: () => {
          form.resetFields();
          void message.success(t('profile.passwordChanged'));
        },
        onError: (error) => showServerFieldErrors(form, error),
      },
    );

  return (
    <Form<ChangePasswordValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ email_code: '', password: '', confirm: '' }}
      onFinish={submit}
      style={{ maxWidth: 480 }}
      data-testid="password-form"
    >
      <Alert type="info" showIcon title={t('profile.passwordHint', { email })} style={{ marginBottom: 24 }} />
      <EmailCodeField onSend={sendCode} />
      <NewPasswordFields />
      <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="password-submit">
        {t('profile.changePassword')}
      </Button>
    </Form>
  );
}
