import { Alert, Button, Flex, Form, Input } from 'antd';
import type { Desktop, DesktopUpdateBody } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { useUpdateDesktop } from '../../api/desktops-update';
import { DesktopDialog, DialogTargets } from './desktop-dialog';
import { trimmedLength } from '../../../../lib/form-rules';

interface EditValues {
  name: string;
  endUser: string;
}

/** The end user's login name: what the server accepts (letters, digits and `_ . @ -`). */
const END_USER_PATTERN = /^[A-Za-z0-9_.@-]*$/;

/** Only what changed is sent; an emptied end user clears the assignment. */
export function editChanges(desktop: Desktop, values: EditValues): DesktopUpdateBody {
  const changes: DesktopUpdateBody = {};
  const name = values.name.trim();
  const endUser = values.endUser.trim();
  if (name !== desktop.name) changes.name = name;
  if (endUser !== (desktop.end_user ?? '')) changes.end_user = endUser;
  return changes;
}

/** Rename the desktop and assign its end user (PUT /user/desktop/{desktop_id}). */
export function EditDialog({ desktop, onClose }: { desktop: Desktop; onClose: () => void }) {
  const { t } = useTranslation('desktops');
  const [form] = Form.useForm<EditValues>();
  const update = useUpdateDesktop();

  const save = (values: EditValues) => {
    const changes = editChanges(desktop, values);
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    update.mutate({ desktopId: desktop.desktop_id, changes }, { onSuccess: onClose });
  };

  const footer = (
    <Flex justify="end" gap="small">
      <Button onClick={onClose}>{t('list.dialog.cancel')}</Button>
      <Button
        type="primary"
        loading={update.isPending}
        onClick={() => form.submit()}
        data-testid="desktop-edit-save"
      >
        {t('list.dialog.save')}
      </Button>
    </Flex>
  );

  return (
    <DesktopDialog open title={t('list.edit.title')} onClose={onClose} footer={footer} testId="desktop-edit">
      <DialogTargets desktops={[desktop]} />
      {update.isError ? (
        <Alert type="error" showIcon title={t('list.edit.failed')} description={update.error.message} />
      ) : null}
      <Form<EditValues>
        form={form}
        layout="vertical"
        initialValues={{ name: desktop.name, endUser: desktop.end_user ?? '' }}
        onFinish={save}
        requiredMark={false}
      >
        <Form.Item
          name="name"
          label={t('list.edit.name')}
          rules={[
            { required: true, whitespace: true, message: t('list.edit.nameRequired') },
            trimmedLength(2, 64, t('list.edit.nameLength')),
          ]}
        >
          <Input maxLength={64} showCount data-testid="desktop-edit-name" />
        </Form.Item>
        <Form.Item
          name="endUser"
          label={t('list.edit.endUser')}
          extra={t('list.edit.endUserHint')}
          rules={[
            { max: 64, message: t('list.edit.endUserLength') },
            { pattern: END_USER_PATTERN, message: t('list.edit.endUserPattern') },
          ]}
        >
          <Input
            maxLength={64}
            allowClear
            placeholder={t('list.edit.endUserPlaceholder')}
            data-testid="desktop-edit-end-user"
          />
        </Form.Item>
      </Form>
    </DesktopDialog>
  );
}
