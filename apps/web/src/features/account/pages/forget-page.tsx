import { Button, Form } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCaptcha } from '../api/get-captcha';
import { resetPassword } from '../api/reset-password';
import { sendResetCode } from '../api/send-reset-code';
import { AuthLayout } from '../components/auth-layout';
import { CaptchaField } from '../components/captcha-field';
import { EmailCodeField } from '../components/email-code-field';
import { showServerFieldErrors } from '../form-rules';
import { useCodeSender } from '../use-code-sender';
import { usePending } from '../use-pending';
import type { LoginPageState } from './login-page';
import { EmailField, NewPasswordFields } from '../components/account-fields';

interface ForgetValues {
  email: string;
  code: string;
  email_code: string;
  password: string;
  confirm: string;
}

/** /forget: a new password set with a code mailed to the account's e-mail. */
export function ForgetPage() {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<ForgetValues>();
  const navigate = useNavigate();
  const { captcha, loading: captchaLoading, refresh } = useCaptcha();
  const sendCode = useCodeSender(form, { captcha, refresh }, sendResetCode);

  const [submit, submitting] = usePending(async (values: ForgetValues) => {
    const email = values.email.trim();
    try {
      await resetPassword({ email, email_code: values.email_code.trim(), password: values.password });
    } catch (error) {
      showServerFieldErrors(form, error);
      return;
    }
    const state: LoginPageState = { email, notice: 'passwordReset' };
    await navigate('/login', { state });
  });

  return (
    <AuthLayout
      testId="page-forget"
      title={t('forget.title')}
      subtitle={t('forget.subtitle')}
      footer={<Link to="/login">{t('forget.backToLogin')}</Link>}
    >
      <Form<ForgetValues>
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        initialValues={{ email: '', code: '', email_code: '', password: '', confirm: '' }}
        onFinish={submit}
        data-testid="forget-form"
      >
        <EmailField />
        <CaptchaField captcha={captcha} loading={captchaLoading} onRefresh={refresh} />
        <EmailCodeField onSend={sendCode} />
        <NewPasswordFields />
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="forget-submit">
          {t('forget.submit')}
        </Button>
      </Form>
    </AuthLayout>
  );
}
