import { useTranslation } from 'react-i18next';
import { resetPassword, sendResetCode } from '../api';
import { Button } from '../fields';
import { AuthLayout } from '../layout';
import { Link } from '../navigation';
import { useCaptchaForm } from '../use-captcha';
import {
  CONFIRM_FOLLOWS_PASSWORD,
  EmailField,
  FormCaptchaField,
  FormEmailCodeField,
  NewPasswordFields,
  newPasswordChecks,
  useSubmitToLogin,
} from './shared';

/** /forget: a new password set with a code mailed to the account's e-mail. */
export function ForgetPage() {
  const { t } = useTranslation('account');
  const { form, captcha, sendCode } = useCaptchaForm(
    { email: '', code: '', email_code: '', password: '', confirm: '' },
    newPasswordChecks(t),
    sendResetCode,
    CONFIRM_FOLLOWS_PASSWORD,
  );

  const [submit, submitting] = useSubmitToLogin(
    form,
    (values, email) =>
      resetPassword({ email, email_code: values.email_code.trim(), password: values.password }),
    'passwordReset',
  );

  return (
    <AuthLayout
      testId="page-forget"
      title={t('forget.title')}
      subtitle={t('forget.subtitle')}
      footer={<Link to="/login">{t('forget.backToLogin')}</Link>}
    >
      <form noValidate onSubmit={submit} data-testid="forget-form">
        <EmailField form={form} />
        <FormCaptchaField form={form} captcha={captcha} />
        <FormEmailCodeField form={form} onSend={sendCode} />
        <NewPasswordFields form={form} />
        <Button type="submit" primary loading={submitting} testId="forget-submit" className="auth-submit">
          {t('forget.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
