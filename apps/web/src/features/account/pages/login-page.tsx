import { useState } from 'react';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useNavigation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@cloudbay/contracts/core';
import { safeRedirect } from '../../../lib/access-rule';
import { errorCodeOf } from '../../../lib/idempotency';
import { currentUserKey } from '../../../lib/session';
import { useCaptcha } from '../api/get-captcha';
import { logIn } from '../api/log-in';
import { sendLoginCode } from '../api/send-login-code';
import { AuthLayout } from '../components/auth-layout';
import { CaptchaField } from '../components/captcha-field';
import { captchaRules, showServerFieldErrors } from '../form-rules';
import { usePending } from '../use-pending';
import { EmailField } from '../components/account-fields';
import { EmailCodeField } from '../components/email-code-field';
import { useCodeSender } from '../use-code-sender';

interface LoginValues {
  email: string;
  password: string;
  code: string;
  /** Asked for only in step-up sign-in. */
  email_code?: string;
}

/** The server's answers that ask for the e-mailed code with the password. */
const STEP_UP_ANSWERS: string[] = [ErrorCode.LOGIN_STEP_UP_REQUIRED, ErrorCode.LOGIN_STEP_UP_FAILED];

/** What the register and forget pages hand over when they send the user here. */
export interface LoginPageState {
  email?: string;
  notice?: 'registered' | 'passwordReset';
}

function loginState(state: unknown): LoginPageState {
  return typeof state === 'object' && state !== null ? (state as LoginPageState) : {};
}

/**
 * /login: e-mail, password and image code; then the `redirect` query or '/'. When the server asks
 * for step-up sign-in (many failed logins on the e-mail), the e-mailed code joins the form.
 */
export function LoginPage() {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<LoginValues>();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [search] = useSearchParams();
  const { email, notice } = loginState(useLocation().state);
  const queryClient = useQueryClient();
  const { captcha, loading: captchaLoading, refresh } = useCaptcha();
  const [stepUp, setStepUp] = useState(false);
  const sendCode = useCodeSender(form, { captcha, refresh }, sendLoginCode);

  const submit = async (values: LoginValues) => {
    if (!captcha) return;
    try {
      const user = await logIn({
        email: values.email.trim(),
        password: values.password,
        uuid: captcha.uuid,
        code: values.code.trim(),
        ...(stepUp && values.email_code ? { email_code: values.email_code.trim() } : {}),
      });
      queryClient.setQueryData(currentUserKey, user);
      await navigate(safeRedirect(search.get('redirect')), { replace: true });
    } catch (error) {
      // The captcha is used up by any attempt; the typed values stay.
      form.setFieldValue('code', '');
      refresh();
      showServerFieldErrors(form, error, { uuid: 'code' });
      if (STEP_UP_ANSWERS.includes(errorCodeOf(error) ?? '')) setStepUp(true);
    }
  };

  const [run, submitting] = usePending(submit);
  // Busy from the click until the next page shows (its routes are generated on the way).
  const busy = submitting || navigation.state !== 'idle';

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
      {notice ? (
        <Alert type="success" showIcon title={t(`login.${notice}`)} style={{ marginBottom: 24 }} />
      ) : null}
      <Form<LoginValues>
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        initialValues={{ email: email ?? '', password: '', code: '' }}
        onFinish={run}
        data-testid="login-form"
      >
        <EmailField />
        <Form.Item
          name="password"
          label={t('field.password')}
          rules={[{ required: true, message: t('validation.passwordRequired') }]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('field.passwordPlaceholder')}
            autoComplete="current-password"
          />
        </Form.Item>
        <CaptchaField
          captcha={captcha}
          loading={captchaLoading}
          onRefresh={refresh}
          rules={captchaRules(t)}
        />
        {stepUp ? (
          <>
            <Alert type="warning" showIcon title={t('login.stepUp')} style={{ marginBottom: 16 }} />
            <EmailCodeField onSend={sendCode} size="large" />
          </>
        ) : null}
        <Flex justify="flex-end" style={{ marginTop: -8, marginBottom: 16 }}>
          <Link to="/forget">{t('login.forgot')}</Link>
        </Flex>
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </Form>
    </AuthLayout>
  );
}
