import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmRules, newPasswordRules } from '../form-rules';

export interface NewPasswordFieldsProps {
  /** An account's first password (labelled "Password"), not a change of one ("New password"). */
  fresh?: boolean;
  /** Test ids on the inputs: `${testId}-password` and `${testId}-confirm`. */
  testId?: string;
}

/**
 * A new password and its confirmation (`password`, `confirm`), with the password rule and its
 * hint, for the console's forms that set a password (change password, a sub-account's creation and
 * reset); the sign-in pages have their own, src/auth, with the same checks from validators.ts.
 */
export function NewPasswordFields({ fresh = false, testId }: NewPasswordFieldsProps = {}) {
  const { t } = useTranslation('account');
  return (
    <>
      <Form.Item
        name="password"
        label={t(fresh ? 'field.password' : 'field.newPassword')}
        rules={newPasswordRules(t)}
        extra={t('field.passwordHint')}
      >
        <Input.Password
          placeholder={t(fresh ? 'field.passwordPlaceholder' : 'field.newPasswordPlaceholder')}
          autoComplete="new-password"
          data-testid={testId && `${testId}-password`}
        />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('field.confirmPassword')}
        dependencies={['password']}
        rules={confirmRules(t)}
      >
        <Input.Password
          placeholder={t('field.confirmPasswordPlaceholder')}
          autoComplete="new-password"
          data-testid={testId && `${testId}-confirm`}
        />
      </Form.Item>
    </>
  );
}
