import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '@cloudbay/contracts/core';
import {
  captchaProblem,
  emailCodeProblem,
  emailProblem,
  loginPasswordProblem,
  subAccountNameProblem,
} from '../../features/account/validators';
import { safeRedirect } from '../../lib/access-rule';
import { errorCodeOf } from '../../lib/request/request-error';
import { logIn, sendLoginCode } from '../api';
import { loadPage } from '../document';
import { Alert, Button } from '../fields';
import { AuthLayout } from '../layout';
import { Link, useAuthLocation } from '../navigation';
import { showServerFieldErrors, useCaptchaForm } from '../use-captcha';
import { EmailField, FormCaptchaField, FormEmailCodeField, FormField, usePending } from './shared';

/** Who signs in: a main account (e-mail) or a sub-account (its main account's e-mail and its nickname). */
type LoginKind = 'main' | 'sub';
const LOGIN_KINDS: readonly LoginKind[] = ['main', 'sub'];

/** The two tabs above the form, as antd's Tabs look (no antd on these pages). */
function LoginKindTabs({ kind, onChange }: { kind: LoginKind; onChange: (kind: LoginKind) => void }) {
  const { t } = useTranslation('account');
  return (
    <div className="auth-tabs" role="tablist">
      {LOGIN_KINDS.map((value) => (
        <button
          key={value}
          type="button"
          role="tab"
          aria-selected={kind === value}
          className={kind === value ? 'auth-tab auth-tab-active' : 'auth-tab'}
          onClick={() => onChange(value)}
          data-testid={`login-tab-${value}`}
        >
          {t(value === 'main' ? 'login.tabMain' : 'login.tabSub')}
        </button>
      ))}
    </div>
  );
}

/**
 * The server's answers that ask for the e-mailed code with the password. Typed literals rather than
 * the ErrorCode table, whose hundred codes the sign-in pages need not download.
 */
const STEP_UP_ANSWERS: readonly string[] = [
  'LOGIN_STEP_UP_REQUIRED',
  'LOGIN_STEP_UP_FAILED',
] satisfies ErrorCode[];

/**
 * /login: e-mail, password and image code (the sub-account tab adds the sub-account's nickname
 * under its main account's e-mail, issue 21); then the `redirect` query or '/', loaded as a page (the
 * console is the other entry). When the server asks for step-up sign-in (many failed logins on the
 * e-mail), the e-mailed code joins the form.
 */
export function LoginPage() {
  const { t } = useTranslation('account');
  const { search, state } = useAuthLocation();
  const [stepUp, setStepUp] = useState(false);
  // `?kind=sub` opens the sub-account tab (a link a main account gives its staff).
  const [kind, setKind] = useState<LoginKind>(search.get('kind') === 'sub' ? 'sub' : 'main');
  const sub = kind === 'sub';
  const { form, captcha, imageToSend, sendCode } = useCaptchaForm(
    { email: state.email ?? '', son_account: '', password: '', code: '', email_code: '' },
    {
      email: (value) => emailProblem(t, value),
      ...(sub ? { son_account: (value: string) => subAccountNameProblem(t, value) } : {}),
      password: (value) => loginPasswordProblem(t, value),
      code: (value) => captchaProblem(t, value),
      ...(stepUp ? { email_code: (value: string) => emailCodeProblem(t, value) } : {}),
    },
    sendLoginCode,
  );

  const [submit, busy] = usePending(async () => {
    const values = await form.validate();
    if (!values) return;
    const image = await imageToSend();
    if (!image) return;
    try {
      await logIn({
        email: values.email.trim(),
        ...(sub ? { son_account: values.son_account.trim() } : {}),
        password: values.password,
        uuid: image.uuid,
        code: values.code.trim(),
        ...(stepUp && values.email_code ? { email_code: values.email_code.trim() } : {}),
      });
    } catch (error) {
      // The captcha is used up by any attempt; the typed values stay.
      form.setValue('code', '');
      captcha.refresh();
      showServerFieldErrors(form, error, { uuid: 'code' });
      if (STEP_UP_ANSWERS.includes(errorCodeOf(error) ?? '')) setStepUp(true);
      return;
    }
    loadPage(safeRedirect(search.get('redirect')));
    // Busy until the console's page replaces this one.
    await new Promise<never>(() => undefined);
  });

  return (
    <AuthLayout
      testId="page-login"
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.noAccount')} <Link to="/register">{t('login.toRegister')}</Link>
        </>
      }
    >
      {state.notice ? <Alert type="success">{t(`login.${state.notice}`)}</Alert> : null}
      <LoginKindTabs
        kind={kind}
        onChange={(next) => {
          setKind(next);
          // The other tab's error (a nickname left empty) is not this one's.
          form.setErrors('son_account', []);
        }}
      />
      <form noValidate onSubmit={submit} data-testid="login-form" data-kind={kind}>
        {sub ? (
          <>
            <FormField
              form={form}
              name="email"
              label={t('field.mainEmail')}
              prefix="mail"
              placeholder={t('field.mainEmailPlaceholder')}
              autoComplete="email"
              inputMode="email"
            />
            <FormField
              form={form}
              name="son_account"
              label={t('field.subAccount')}
              prefix="user"
              placeholder={t('field.subAccountPlaceholder')}
              autoComplete="username"
            />
          </>
        ) : (
          <EmailField form={form} />
        )}
        <FormField
          form={form}
          name="password"
          password
          label={t('field.password')}
          prefix="lock"
          placeholder={t('field.passwordPlaceholder')}
          autoComplete="current-password"
        />
        <FormCaptchaField form={form} captcha={captcha} />
        {stepUp ? (
          <>
            <Alert type="warning">{t('login.stepUp')}</Alert>
            <FormEmailCodeField form={form} onSend={sendCode} />
          </>
        ) : null}
        <div className="auth-forgot">
          <Link to="/forget">{t('login.forgot')}</Link>
        </div>
        <Button type="submit" primary loading={busy} testId="login-submit" className="auth-submit">
          {t('login.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
