import { Button, Form, Input } from 'antd';
import { GiftOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCaptcha } from '../api/get-captcha';
import { sendSignupCode } from '../api/send-signup-code';
import { signUp } from '../api/sign-up';
import { AuthLayout } from '../components/auth-layout';
import { CaptchaField } from '../components/captcha-field';
import { EmailCodeField } from '../components/email-code-field';
import { nicknameRules, showServerFieldErrors } from '../form-rules';
import { useCodeSender } from '../use-code-sender';
import { usePending } from '../use-pending';
import type { LoginPageState } from './login-page';
import { EmailField, NewPasswordFields } from '../components/account-fields';

interface RegisterValues {
  email: string;
  code: string;
  email_code: string;
  nickname: string;
  password: string;
  confirm: string;
  invite_code: string;
}

/** /register: an e-mail proven by a mailed code; the invite code comes prefilled from `?invite=`. */
export function RegisterPage() {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<RegisterValues>();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { captcha, loading: captchaLoading, refresh } = useCaptcha();
  const sendCode = useCodeSender(form, { captcha, refresh }, sendSignupCode);

  const [submit, submitting] = usePending(async (values: RegisterValues) => {
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
    const state: LoginPageState = { email, notice: 'registered' };
    await navigate('/login', { state });
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
      <Form<RegisterValues>
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        initialValues={{
          email: '',
          code: '',
          email_code: '',
          nickname: '',
          password: '',
          confirm: '',
          invite_code: search.get('invite') ?? '',
        }}
        onFinish={submit}
        data-testid="register-form"
      >
        <EmailField autoComplete="email" />
        <CaptchaField captcha={captcha} loading={captchaLoading} onRefresh={refresh} />
        <EmailCodeField onSend={sendCode} />
        <Form.Item name="nickname" label={t('field.nickname')} rules={nicknameRules(t)}>
          <Input
            prefix={<UserOutlined />}
            placeholder={t('field.nicknamePlaceholder')}
            autoComplete="nickname"
            maxLength={30}
          />
        </Form.Item>
        <NewPasswordFields fresh />
        <Form.Item name="invite_code" label={t('field.inviteCode')}>
          <Input
            prefix={<GiftOutlined />}
            placeholder={t('field.inviteCodePlaceholder')}
            autoComplete="off"
            maxLength={32}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="register-submit">
          {t('register.submit')}
        </Button>
      </Form>
    </AuthLayout>
  );
}
