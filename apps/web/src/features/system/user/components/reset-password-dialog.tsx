import { useEffect } from 'react';
import { Alert, App, Form, Input } from 'antd';
import type { SysUser } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { SubmitDialog } from '../../shared/submit-dialog';
import { commonPasswordProblem, newPasswordProblem } from '../../../account/validators';
import { useResetPassword } from '../api/users';

/** Sets a new password by the sign-up rule; the account's sessions end (it signs in again). */
export function ResetPasswordDialog({ user, onClose }: { user?: SysUser; onClose: () => void }) {
  const { t } = useTranslation('systemUser');
  const { t: ta } = useTranslation('account');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string }>();
  const reset = useResetPassword();
  useEffect(() => {
    if (user) form.resetFields();
  }, [user, form]);

  return (
    <SubmitDialog
      open={Boolean(user)}
      title={t('resetTitle', { email: user?.email ?? '' })}
      onClose={onClose}
      testId="user-reset-dialog"
      submitText={t('save')}
      onSubmit={() => form.submit()}
      loading={reset.isPending}
      submitTestId="user-reset-save"
    >
      <Alert type="info" showIcon title={t('resetHint')} />
      <Form
        form={form}
        layout="vertical"
        onFinish={({ password }) =>
          user &&
          reset.mutate(
            { userId: user.userId, password },
            { onSuccess: () => (void message.success(t('resetDone')), onClose()) },
          )
        }
      >
        <Form.Item
          name="password"
          label={t('newPassword')}
          rules={[
            {
              validator: async (_, value: string) => {
                const problem =
                  newPasswordProblem(ta, value ?? '') ?? (await commonPasswordProblem(ta, value ?? ''));
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Input.Password maxLength={64} autoComplete="new-password" data-testid="user-reset-password" />
        </Form.Item>
      </Form>
    </SubmitDialog>
  );
}
