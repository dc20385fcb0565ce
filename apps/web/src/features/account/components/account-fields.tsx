import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmRules, newPasswordRules } from '../form-rules';

/**
 * A new password and its confirmation (`password`, `confirm`), with the password rule and its
 * hint, for the console's change-password form (the sign-in pages have their own, src/auth, with
 * the same checks from validators.ts).
 */
export function NewPasswordFields() {
  const { t } = useTranslation('account');
  return (
    <>
      <Form.Item
        name="password"
        label={t('field.newPassword')}
        rules={newPasswordRules(t)}
        extra={t('field.passwordHint')}
      >
        <Input.Password placeholder={t('field.newPasswordPlaceholder')} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('field.confirmPassword')}
        dependencies={['password']}
        rules={confirmRules(t)}
      >
        <Input.Password placeholder={t('field.confirmPasswordPlaceholder')} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
