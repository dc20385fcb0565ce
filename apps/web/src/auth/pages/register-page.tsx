import { useTranslation } from 'react-i18next';
import { emailCodeProblem, emailProblem, nicknameProblem } from '../../features/account/validators';
import { sendSignupCode, signUp } from '../api';
import { Button, CaptchaField, EmailCodeField, Field, TextInput } from '../fields';
import { AuthLayout } from '../layout';
import { Link, navigate, useAuthLocation } from '../navigation';
import { showServerFieldErrors, useAnswerFollowsImage, useCaptcha, useCodeSender } from '../use-captcha';
import { useForm } from '../use-form';
import { EmailField, NewPasswordFields, newPasswordChecks, usePending } from './shared';

/** /register: an e-mail proven by a mailed code; the invite code comes prefilled from `?invite=`. */
export function RegisterPage() {
  const { t } = useTranslation('account');
  const { search } = useAuthLocation();
  const { captcha, loading: captchaLoading, refresh } = useCaptcha();
  const form = useForm(
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
      email: (value) => emailProblem(t, value),
      email_code: (value) => emailCodeProblem(t, value),
      nickname: (value) => nicknameProblem(t, value),
      ...newPasswordChecks(t),
    },
    { password: ['confirm'] },
  );
  useAnswerFollowsImage(captcha, form);
  const sendCode = useCodeSender(form, { captcha, refresh }, sendSignupCode);

  const [submit, submitting] = usePending(async () => {
    const values = await form.validate();
    if (!values) return;
    const email = values.email.trim();
    try {
      await signUp({
        email,
        password: values.password,
        nickname: values.nickname.trim(),
        email_code: values.email_code.trim(),
        invite_code: values.invite_code.trim() || undefined,
      });
    } catch (error) {
      showServerFieldErrors(form, error);
      return;
    }
    navigate('/login', { email, notice: 'registered' });
  });

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
        <Field id="nickname" label={t('field.nickname')} errors={form.errors.nickname}>
          <TextInput
            id="nickname"
            value={form.values.nickname}
            onChange={(value) => form.change('nickname', value)}
            prefix="user"
            placeholder={t('field.nicknamePlaceholder')}
            autoComplete="nickname"
            maxLength={30}
            invalid={Boolean(form.errors.nickname?.length)}
          />
        </Field>
        <NewPasswordFields form={form} fresh />
        <Field id="invite_code" label={t('field.inviteCode')} errors={form.errors.invite_code}>
          <TextInput
            id="invite_code"
            value={form.values.invite_code}
            onChange={(value) => form.change('invite_code', value)}
            prefix="gift"
            placeholder={t('field.inviteCodePlaceholder')}
            autoComplete="off"
            maxLength={32}
            invalid={Boolean(form.errors.invite_code?.length)}
          />
        </Field>
        <Button type="submit" primary loading={submitting} testId="register-submit" className="auth-submit">
          {t('register.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
