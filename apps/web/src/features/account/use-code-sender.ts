import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Captcha } from './api/get-captcha';
import type { CodeRequest, CodeSent } from './api/email-code';
import { showServerFieldErrors } from './form-rules';

interface CodeForm {
  email: string;
  code: string;
}

/**
 * Sending an e-mail code from a form with an image code (register, forget): the e-mail and the
 * image code are checked first, the captcha is replaced afterwards (it is used up either way). The
 * image code is required only for this, not when the form is submitted, so its field has no rules.
 */
export function useCodeSender(
  // Any form with `email` and `code` fields.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormInstance<any>,
  captcha: { captcha: Captcha | undefined; refresh: () => void },
  request: (query: CodeRequest) => Promise<CodeSent>,
) {
  const { t } = useTranslation('account');
  const { message } = App.useApp();

  const sendCode = async (): Promise<number | null> => {
    let email: string;
    try {
      email = ((await form.validateFields(['email'])) as Pick<CodeForm, 'email'>).email.trim();
    } catch {
      return null;
    }
    const code = String(form.getFieldValue('code') ?? '').trim();
    if (!code) {
      form.setFields([{ name: 'code', errors: [t('validation.captchaRequired')] }]);
      return null;
    }
    if (!captcha.captcha) return null;
    try {
      const sent = await request({ email, uuid: captcha.captcha.uuid, code });
      void message.success(t('sendCode.sent', { email }));
      return sent.resend_after_s;
    } catch (error) {
      showServerFieldErrors(form, error, { uuid: 'code' });
      throw error;
    } finally {
      form.setFieldValue('code', '');
      captcha.refresh();
    }
  };

  return sendCode;
}
