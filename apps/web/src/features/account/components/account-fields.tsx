import { Form, Input } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { confirmRules, emailRules, newPasswordRules } from '../form-rules';

/** The e-mail field of the account forms. */
export function EmailField({ autoComplete = 'username' }: { autoComplete?: 'username' | 'email' }) {
  const { t } = useTranslation('account');
  return (
    <Form.Item name="email" label={t('field.email')} rules={emailRules(t)}>
      <Input
        prefix={<MailOutlined />}
        placeholder={t('field.emailPlaceholder')}
        autoComplete={autoComplete}
        inputMode="email"
      />
    </Form.Item>
  );
}

/**
 * A new password and its confirmation (`password`, `confirm`), with the password rule and its
 * hint: sign-up, reset and change all set passwords the same way.
 */
export function NewPasswordFields({ fresh = false, icons = true }: { fresh?: boolean; icons?: boolean }) {
  const { t } = useTranslation('account');
  const prefix = icons ? <LockOutlined /> : undefined;
  return (
    <>
      <Form.Item
        name="password"
        label={t(fresh ? 'field.password' : 'field.newPassword')}
        rules={newPasswordRules(t)}
        extra={t('field.passwordHint')}
      >
        <Input.Password
          prefix={prefix}
          placeholder={t(fresh ? 'field.passwordPlaceholder' : 'field.newPasswordPlaceholder')}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('field.confirmPassword')}
        dependencies={['password']}
        rules={confirmRules(t)}
      >
        <Input.Password
          prefix={prefix}
          placeholder={t('field.confirmPasswordPlaceholder')}
          autoComplete="new-password"
        />
      </Form.Item>
    </>
  );
}
