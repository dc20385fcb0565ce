import { App, Button, Form, Input } from 'antd';
import type { User } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { useUpdateProfile } from '../api/update-profile';
import { nicknameRules, showServerFieldErrors } from '../form-rules';

interface ProfileValues {
  nickname: string;
}

/** The basic-information tab: the e-mail as it is, the nickname to edit. */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation(['account', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<ProfileValues>();
  const update = useUpdateProfile();

  const save = ({ nickname }: ProfileValues) =>
    update.mutate(
      { nickname: nickname.trim() },
      {
        onSuccess: (saved) => {
          form.setFieldsValue({ nickname: saved.nickname });
          void message.success(t('profile.saved'));
        },
        onError: (error) => showServerFieldErrors(form, error),
      },
    );

  return (
    <Form<ProfileValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ nickname: user.nickname }}
      onFinish={save}
      style={{ maxWidth: 480 }}
      data-testid="profile-form"
    >
      <p style={{ marginTop: 0 }}>{t('profile.basicHint')}</p>
      <Form.Item label={t('field.email')} extra={t('profile.emailReadonly')}>
        <Input value={user.email} disabled />
      </Form.Item>
      <Form.Item name="nickname" label={t('field.nickname')} rules={nicknameRules(t)}>
        <Input placeholder={t('field.nicknamePlaceholder')} maxLength={30} autoComplete="nickname" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="profile-save">
        {t('common:action.save')}
      </Button>
    </Form>
  );
}
