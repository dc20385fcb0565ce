import { useTranslation } from 'react-i18next';
import { emailCodeProblem, emailProblem } from '../../features/account/validators';
import { resetPassword, sendResetCode } from '../api';
import { Button, CaptchaField, EmailCodeField } from '../fields';
import { AuthLayout } from '../layout';
import { Link, navigate } from '../navigation';
import { showServerFieldErrors, useAnswerFollowsImage, useCaptcha, useCodeSender } from '../use-captcha';
import { useForm } from '../use-form';
import { EmailField, NewPasswordFields, newPasswordChecks, usePending } from './shared';

/** /forget: a new password set with a code mailed to the account's e-mail. */
export function ForgetPage() {
  const { t } = useTranslation('account');
  const { captcha, loading: captchaLoading, refresh } = useCaptcha();
  const form = useForm(
    { email: '', code: '', email_code: '', password: '', confirm: '' },
    {
      email: (value) => emailProblem(t, value),
      email_code: (value) => emailCodeProblem(t, value),
      ...newPasswordChecks(t),
    },
    { password: ['confirm'] },
  );
  useAnswerFollowsImage(captcha, form);
  const sendCode = useCodeSender(form, { captcha, refresh }, sendResetCode);

  const [submit, submitting] = usePending(async () => {
    const values = await form.validate();
    if (!values) return;
    const email = values.email.trim();
    try {
      await resetPassword({ email, email_code: values.email_code.trim(), password: values.password });
    } catch (error) {
      showServerFieldErrors(form, error);
      return;
    }
    navigate('/login', { email, notice: 'passwordReset' });
  });

  return (
    <AuthLayout
      testId="page-forget"
      title={t('forget.title')}
      subtitle={t('forget.subtitle')}
      footer={<Link to="/login">{t('forget.backToLogin')}</Link>}
    >
      <form noValidate onSubmit={submit} data-testid="forget-form">
        <EmailField form={form} />
        <CaptchaField
          captcha={captcha}
          loading={captchaLoading}
          onRefresh={refresh}
          value={form.values.code}
          onChange={(value) => form.change('code', value)}
          errors={form.errors.code}
        />
        <EmailCodeField
          value={form.values.email_code}
          onChange={(value) => form.change('email_code', value)}
          errors={form.errors.email_code}
          onSend={sendCode}
        />
        <NewPasswordFields form={form} />
        <Button type="submit" primary loading={submitting} testId="forget-submit" className="auth-submit">
          {t('forget.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
