import { useTranslation } from 'react-i18next';
import { nicknameProblem } from '../../features/account/validators';
import { sendSignupCode, signUp } from '../api';
import { Button } from '../fields';
import { AuthLayout } from '../layout';
import { Link, useAuthLocation } from '../navigation';
import { useCaptchaForm } from '../use-captcha';
import {
  CONFIRM_FOLLOWS_PASSWORD,
  EmailField,
  FormCaptchaField,
  FormEmailCodeField,
  FormField,
  NewPasswordFields,
  newPasswordChecks,
  useSubmitToLogin,
} from './shared';

/** /register: an e-mail proven by a mailed code; the invite code comes prefilled from `?invite=`. */
export function RegisterPage() {
  const { t } = useTranslation('account');
  const { search } = useAuthLocation();
  const { form, captcha, sendCode } = useCaptchaForm(
    {
      email: '',
      code: '',
      email_code: '',
      nickname: '',
      password: '',
      confirm: '',
      invite_code: search.get('invite') ?? '',
    },
    {
      nickname: (value) => nicknameProblem(t, value),
      ...newPasswordChecks(t),
    },
    sendSignupCode,
    CONFIRM_FOLLOWS_PASSWORD,
  );

  const [submit, submitting] = useSubmitToLogin(
    form,
    (values, email) =>
      signUp({
        email,
        password: values.password,
        nickname: values.nickname.trim(),
        email_code: values.email_code.trim(),
        invite_code: values.invite_code.trim() || undefined,
      }),
    'registered',
  );

  return (
    <AuthLayout
      testId="page-register"
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <>
          {t('register.hasAccount')} <Link to="/login">{t('register.toLogin')}</Link>
        </>
      }
    >
      <form noValidate onSubmit={submit} data-testid="register-form">
        <EmailField form={form} autoComplete="email" />
        <FormCaptchaField form={form} captcha={captcha} />
        <FormEmailCodeField form={form} onSend={sendCode} />
        <FormField
          form={form}
          name="nickname"
          label={t('field.nickname')}
          prefix="user"
          placeholder={t('field.nicknamePlaceholder')}
          autoComplete="nickname"
          maxLength={30}
        />
        <NewPasswordFields form={form} fresh />
        <FormField
          form={form}
          name="invite_code"
          label={t('field.inviteCode')}
          prefix="gift"
          placeholder={t('field.inviteCodePlaceholder')}
          autoComplete="off"
          maxLength={32}
        />
        <Button type="submit" primary loading={submitting} testId="register-submit" className="auth-submit">
          {t('register.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
